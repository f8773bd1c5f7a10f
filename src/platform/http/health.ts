import { Type } from '@sinclair/typebox';
import { buildId } from '../config/build-info.js';
import type { Db } from '../db/index.js';
import type { App } from './app.js';
import { databaseDependency, registerReadiness } from './readiness.js';

const Health = Type.Object({ ok: Type.Boolean(), service: Type.String(), build: Type.String() });

/** `GET /health` (liveness) and `GET /ready` (the database answers) of the contracts and insights services. */
export function registerHealth(app: App, service: string, db: Db): void {
  app.get(
    '/health',
    { config: { auth: 'none' }, schema: { summary: 'Service health', response: { 200: Health } } },
    async () => ({ ok: true, service, build: buildId() }),
  );
  registerReadiness(app, '/ready', [databaseDependency(db)]);
}
