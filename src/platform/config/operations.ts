// Operations settings (docs/operations.md): the Prometheus listener (where it listens, and
// the bearer token it asks for), OpenTelemetry traces and the shutdown grace period. The OTEL_* variables are the OpenTelemetry SDK's own (it
// reads them itself); here they only decide whether tracing is on, and bad values are
// reported with the other settings instead of surfacing from inside the SDK.

export interface OperationsEnv {
  /** METRICS_PORT: where GET /metrics listens; undefined = no metrics at all. */
  metricsPort?: number;
  /** METRICS_HOST: the address it listens on; loopback unless told otherwise (the figures show balances and payments). */
  metricsHost: string;
  /** METRICS_TOKEN: the bearer token a scrape must present; required to listen beyond loopback. */
  metricsToken?: string;
  /** OTLP/HTTP traces: on when an endpoint is set and the SDK is not disabled. */
  tracing: { enabled: boolean; serviceName: string };
  /** SHUTDOWN_GRACE_SECONDS: how long SIGTERM waits for requests and streams in flight. */
  shutdownGraceSeconds: number;
}

type Get = (name: string) => string | undefined;

const OTLP_PROTOCOLS = ['http/protobuf', 'http/json'];

export function readOperationsEnv(get: Get, problems: string[]): OperationsEnv {
  let metricsPort: number | undefined;
  const rawPort = get('METRICS_PORT');
  if (rawPort !== undefined) {
    const n = Number(rawPort);
    if (!/^\d+$/.test(rawPort) || n > 65535)
      problems.push(`METRICS_PORT: expected a port number from 0 to 65535, got "${rawPort}"`);
    else metricsPort = n;
  }

  const metricsHost = get('METRICS_HOST') ?? '127.0.0.1';
  const metricsToken = get('METRICS_TOKEN');
  if (metricsToken !== undefined && metricsToken.length < 16)
    problems.push('METRICS_TOKEN: must be at least 16 characters long');
  if (metricsPort !== undefined && metricsToken === undefined && !isLoopback(metricsHost))
    problems.push(
      `METRICS_HOST: "${metricsHost}" is reachable from other machines; set METRICS_TOKEN (the scrapes show balances and payment counts) or listen on loopback`,
    );

  const rawGrace = get('SHUTDOWN_GRACE_SECONDS') ?? '30';
  let shutdownGraceSeconds = Number(rawGrace);
  if (!/^\d+$/.test(rawGrace) || shutdownGraceSeconds > 3600) {
    problems.push(`SHUTDOWN_GRACE_SECONDS: expected whole seconds from 0 to 3600, got "${rawGrace}"`);
    shutdownGraceSeconds = 30;
  }

  return {
    metricsPort,
    metricsHost,
    metricsToken,
    tracing: readTracing(get, problems),
    shutdownGraceSeconds,
  };
}

/** Whether only this machine can reach an address: 127.0.0.0/8, ::1, localhost. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

function readTracing(get: Get, problems: string[]): OperationsEnv['tracing'] {
  const endpoints = ['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', 'OTEL_EXPORTER_OTLP_ENDPOINT'];
  let configured = false;
  for (const name of endpoints) {
    const raw = get(name);
    if (raw === undefined) continue;
    configured = true;
    let ok = false;
    try {
      ok = ['http:', 'https:'].includes(new URL(raw).protocol);
    } catch {
      // reported below; the value may carry credentials, so it is never echoed
    }
    if (!ok) problems.push(`${name}: expected an http:// or https:// URL`);
  }
  for (const name of ['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', 'OTEL_EXPORTER_OTLP_PROTOCOL']) {
    const raw = get(name);
    if (raw !== undefined && !OTLP_PROTOCOLS.includes(raw))
      problems.push(
        `${name}: expected ${OTLP_PROTOCOLS.join(' or ')} (traces go over OTLP/HTTP), got "${raw}"`,
      );
  }
  const disabled =
    get('OTEL_SDK_DISABLED')?.toLowerCase() === 'true' ||
    get('OTEL_TRACES_EXPORTER')?.toLowerCase() === 'none';
  return { enabled: configured && !disabled, serviceName: get('OTEL_SERVICE_NAME') ?? 'svc' };
}
