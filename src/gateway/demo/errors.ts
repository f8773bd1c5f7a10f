// The landing page's demonstration of the barrier (docs/errors.md, "Demonstration").
import { errorCodes } from '../../platform/http/errors.js';

export const DEMO = errorCodes('gateway/demo', {
  demo_text_too_long: 413,
  demo_rate_limited: 429,
  demo_unavailable: 503,
});

// Each code's messages, named: no message is written where it is thrown.
export const demoTextTooLong = (chars: number) =>
  DEMO.demo_text_too_long(
    `A demonstração limpa até ${chars} caracteres por vez. Para textos maiores, crie uma conta e use a API.`,
  );
export const demoUnavailable = () =>
  DEMO.demo_unavailable('A demonstração está indisponível agora. Tente de novo em instantes.', {
    headers: { 'retry-after': '30' },
  });
/** The network's own allowance is spent (perMinute, perDay), or the demonstration's as a whole. */
export const demoRateLimited = (
  why: 'network' | 'everyone',
  limits: { perMinute: number; perDay: number },
  retryAfter: number,
) =>
  DEMO.demo_rate_limited(
    why === 'network'
      ? `A demonstração aceita ${limits.perMinute} textos por minuto e ${limits.perDay} por dia de cada rede. Para mais, crie uma conta e use a API.`
      : 'Muita gente usando a demonstração agora. Tente de novo em um minuto.',
    { headers: { 'retry-after': String(retryAfter) } },
  );
