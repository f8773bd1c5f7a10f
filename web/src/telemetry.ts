// The page reports its own failures to /api/erro-cliente: never a value typed by the
// person, only the failure's code, phase, path and message (the server redacts again).
import { api } from './api.js';

const BUILD = 'console';

type Code = 'UI-JS-001' | 'UI-PROMESSA-001' | 'UI-RECURSO-001' | 'UI-CSP-001' | 'UI-APP-001';

export function report(
  code: Code,
  phase: string,
  message: string,
  extra: Record<string, unknown> = {},
): void {
  const payload = JSON.stringify({
    code,
    phase,
    path: location.pathname,
    message: message.slice(0, 2000),
    visivel: document.visibilityState === 'visible',
    build: BUILD,
    ...extra,
  });
  // The route reads its body itself (it declares no schema), so it goes as raw JSON.
  api('POST /api/erro-cliente', { raw: { data: payload, type: 'application/json' }, keepalive: true }).catch(
    () => {},
  );
}

export function watchFailures(): void {
  addEventListener(
    'error',
    (event) => {
      const target = event.target as Element | null;
      if (target && target !== (window as unknown) && 'tagName' in target) {
        report('UI-RECURSO-001', 'recurso', `falha ao carregar ${target.tagName.toLowerCase()}`);
        return;
      }
      report('UI-JS-001', 'execucao', event.message || 'erro', {
        stack: String(event.error?.stack ?? '').slice(0, 12000),
        source: event.filename ? new URL(event.filename, location.href).pathname : undefined,
        line: event.lineno || undefined,
        column: event.colno || undefined,
      });
    },
    true,
  );
  addEventListener('unhandledrejection', (event) => {
    const reason = event.reason as { message?: string; stack?: string } | undefined;
    report('UI-PROMESSA-001', 'promessa', String(reason?.message ?? reason ?? 'rejeição'), {
      stack: String(reason?.stack ?? '').slice(0, 12000),
    });
  });
  addEventListener('securitypolicyviolation', (event) => {
    report(
      'UI-CSP-001',
      'csp',
      `${event.violatedDirective} bloqueou ${event.blockedURI ? new URL(event.blockedURI, location.href).pathname : 'inline'}`,
    );
  });
}
