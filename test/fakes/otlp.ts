// An OpenTelemetry collector stand-in on loopback: accepts OTLP/HTTP trace exports in the
// JSON encoding (POST /v1/traces, OTEL_EXPORTER_OTLP_PROTOCOL=http/json) and keeps every span,
// flattened, for the tests to read.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type AttributeValue = string | number | boolean | AttributeValue[];

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, AttributeValue>;
  status?: { code?: number; message?: string };
  events: string[];
  /** The span as it arrived, for grepping. */
  raw: unknown;
}

// biome-ignore lint/suspicious/noExplicitAny: OTLP JSON read loosely
type Wire = any;

function attributeValue(v: Wire): AttributeValue {
  if ('stringValue' in v) return v.stringValue;
  if ('intValue' in v) return Number(v.intValue);
  if ('doubleValue' in v) return v.doubleValue;
  if ('boolValue' in v) return v.boolValue;
  if ('arrayValue' in v) return (v.arrayValue.values ?? []).map(attributeValue);
  return JSON.stringify(v);
}

export class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  /** Every body received, for grepping. */
  readonly bodies: string[] = [];
  server!: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString('utf8');
      });
      req.on('end', () => {
        if (req.url !== '/v1/traces' || !String(req.headers['content-type']).includes('json')) {
          res.writeHead(415).end();
          return;
        }
        this.bodies.push(body);
        const doc = JSON.parse(body) as Wire;
        for (const rs of doc.resourceSpans ?? []) {
          for (const ss of rs.scopeSpans ?? []) {
            for (const s of ss.spans ?? []) {
              this.spans.push({
                traceId: s.traceId,
                spanId: s.spanId,
                parentSpanId: s.parentSpanId || undefined,
                name: s.name,
                kind: s.kind,
                attributes: Object.fromEntries(
                  (s.attributes ?? []).map((a: Wire) => [a.key, attributeValue(a.value)]),
                ),
                status: s.status,
                events: (s.events ?? []).map((e: Wire) => e.name),
                raw: s,
              });
            }
          }
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  trace(traceId: string): ReceivedSpan[] {
    return this.spans.filter((s) => s.traceId === traceId);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
