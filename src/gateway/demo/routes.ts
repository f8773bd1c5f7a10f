// POST /api/demo/clean (no account): the landing page's live demonstration of the barrier.
// The same cleaning as POST /v1/privacy/clean with the defaults an account without an
// organisation gets, on one short text, with a small allowance per network
// (allowance.ts). Nothing is stored — no audit record, no usage row — and nothing is logged
// but the access line every request gets (route pattern and status, never the body).
import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.js';
import { deriveKey } from '../../platform/secret.js';
import type { GatewayDeps } from '../deps.js';
import { DEFAULT_BARRIER } from '../orgs/cleaning-choice.js';
import { blockedError, cleanRequest } from '../privacy/clean.js';
import { FindingSchema } from '../privacy/schemas.js';
import { DEMO_LIMITS, takeDemoUse } from './allowance.js';
import { demoRateLimited, demoTextTooLong, demoUnavailable } from './errors.js';

const DemoBody = Type.Object(
  {
    text: Type.String({
      minLength: 1,
      description: `The text to clean: at most ${DEMO_LIMITS.chars} characters (413 demo_text_too_long)`,
    }),
    policy: Type.Optional(
      Type.Union([Type.Literal('placeholder'), Type.Literal('redact'), Type.Literal('block')], {
        description: 'placeholder (default), redact, or block (422 pii_blocked when anything is found)',
      }),
    ),
  },
  { additionalProperties: false },
);

const DemoResult = Type.Object({
  clean_text: Type.String(),
  findings: Type.Array(FindingSchema),
});

export function registerDemoRoutes(app: App, deps: Pick<GatewayDeps, 'ctx' | 'limits' | 'now'>): void {
  const networkKey = deriveKey(deps.ctx.secret, 'demo-network');

  app.post(
    '/api/demo/clean',
    {
      config: { auth: 'none' },
      bodyLimit: DEMO_LIMITS.bodyBytes,
      schema: {
        summary: `The barrier on one short text, without an account (at most ${DEMO_LIMITS.chars} characters; ${DEMO_LIMITS.perMinute} per minute and ${DEMO_LIMITS.perDay} per day per network; nothing stored)`,
        tags: ['console'],
        body: DemoBody,
        response: { 200: DemoResult },
      },
    },
    async (request, reply) => {
      const { text, policy } = request.body;
      // Code points, as a person counts characters (an emoji is one, not two).
      let chars = 0;
      for (const _ of text) if (++chars > DEMO_LIMITS.chars) break;
      if (chars > DEMO_LIMITS.chars) {
        throw demoTextTooLong(DEMO_LIMITS.chars);
      }
      let allowance: Awaited<ReturnType<typeof takeDemoUse>>;
      try {
        allowance = await takeDemoUse(deps.limits.counters, networkKey, request.ip, deps.now());
      } catch {
        // Without its counters the demonstration would have no limit: it closes instead.
        throw demoUnavailable();
      }
      if (!allowance.ok) {
        throw demoRateLimited(allowance.why, DEMO_LIMITS, allowance.retryAfter);
      }
      const result = cleanRequest(DEFAULT_BARRIER, { text }, { policy });
      reply.header('cache-control', 'no-store');
      if (result.blocked) throw blockedError(result.findings);
      return { clean_text: result.clean_text, findings: result.findings };
    },
  );
}
