// GET /api/account/organizations/{id}/calls (the request log), …/usage (per key, member,
// model or day) and …/records (the record of processing). Thin: validate, check who reads
// (access.ts), hand over to the plain functions beside this file.
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import type { App } from '../../platform/http/app.js';
import { sessionOf } from '../sessions/guard.js';
import type { ScopeDeps } from '../sessions/scope.js';
import { callReader, recordsReader } from './access.js';
import { callsCsv, listCalls } from './list.js';
import { periodOf } from './period.js';
import { processingRecord, recordsCsv } from './records.js';
import { USAGE_BY, usageBy } from './usage.js';

const OrgParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Format = Type.Union([Type.Literal('json'), Type.Literal('csv')]);

const CallsQuery = Type.Object(
  {
    key: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    model: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    status: Type.Optional(Type.String({ pattern: '^([1-5][0-9]{2}|[1-5]xx)$' })),
    day: Type.Optional(Day),
    /** Query strings stay strings (the validator does not coerce). */
    page: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$' })),
    limit: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,2}$' })),
    format: Type.Optional(Format),
  },
  { additionalProperties: false },
);

const PeriodQuery = {
  from: Type.Optional(Day),
  to: Type.Optional(Day),
};

const UsageQuery = Type.Object(
  {
    by: Type.Union(USAGE_BY.map((b) => Type.Literal(b))),
    ...PeriodQuery,
  },
  { additionalProperties: false },
);

const RecordsQuery = Type.Object(
  { ...PeriodQuery, format: Type.Optional(Format) },
  { additionalProperties: false },
);

/** The most rows one CSV download holds. */
const CSV_MAX = 10_000;

function sendCsv(reply: FastifyReply, name: string, body: string): string {
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.csv"`);
  return body;
}

export function registerCallRoutes(scope: App, deps: Pick<ScopeDeps, 'db' | 'now'>): void {
  scope.get(
    '/api/account/organizations/:id/calls',
    {
      config: { auth: 'session' },
      schema: {
        summary:
          "The organisation's request log, newest first (owners, administrators and the dpo: every call; members: their own); ?format=csv",
        tags: ['account'],
        params: OrgParams,
        querystring: CallsQuery,
      },
    },
    async (request, reply) => {
      const reader = await callReader(deps.db, request.params.id, sessionOf(request).account_id!);
      const { format, page, limit, ...filters } = request.query;
      const csv = format === 'csv';
      const size = csv ? CSV_MAX : Math.min(Number(limit ?? 50), 200);
      const result = await listCalls(deps.db, reader, {
        ...filters,
        page: csv ? 1 : Number(page ?? 1),
        limit: size,
      });
      if (csv) return sendCsv(reply, 'registro', callsCsv(result.calls));
      return result;
    },
  );

  scope.get(
    '/api/account/organizations/:id/usage',
    {
      config: { auth: 'session' },
      schema: {
        summary: 'Calls, tokens and cost per key, member, model or UTC day in a period (members: their own)',
        tags: ['account'],
        params: OrgParams,
        querystring: UsageQuery,
      },
    },
    async (request) => {
      const reader = await callReader(deps.db, request.params.id, sessionOf(request).account_id!);
      const period = periodOf(request.query, deps.now());
      const groups = await usageBy(deps.db, reader, request.query.by, period);
      return { by: request.query.by, ...period, groups };
    },
  );

  scope.get(
    '/api/account/organizations/:id/records',
    {
      config: { auth: 'session' },
      schema: {
        summary:
          'The record of processing (LGPD art. 37 and 33): operations and personal-data items per day, key, route, vendor and region (owners, administrators, dpo); ?format=csv',
        tags: ['account'],
        params: OrgParams,
        querystring: RecordsQuery,
      },
    },
    async (request, reply) => {
      const reader = await recordsReader(deps.db, request.params.id, sessionOf(request).account_id!);
      const period = periodOf(request.query, deps.now());
      const record = await processingRecord(deps.db, reader, period);
      if (request.query.format === 'csv')
        return sendCsv(reply, `tratamento-${period.from}-${period.to}`, recordsCsv(record));
      return record;
    },
  );
}
