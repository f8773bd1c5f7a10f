// `POST /api/funil`: a batch of browser funnel events. Checked field by field; a batch that
// fails any rule is ignored (204), like a robot's or a declared smoke test's. The stored
// record (one NDJSON line) holds the browser id, the path without query, the referrer host
// and the utm values — never the IP, an e-mail or an account.
import { hostOfUrl, normalisePath, pathOfUrl, redactText } from './redact.js';

export const FUNNEL_LIMITS = {
  events: 40,
  /** Keys of `p` per event. */
  props: 12,
  /** Characters of a string value of `p`. */
  text: 200,
  body: 64 * 1024,
} as const;

/** Header of a declared smoke test: any value but "0" makes the batch ignored. */
export const SMOKE_HEADER = 'x-svc-smoke-test';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const EVENT_TYPE = /^[a-z][a-z0-9_]{0,31}$/;
const EVENT_NAME = /^[A-Za-z0-9_.:/-]{1,80}$/;
const PROP_KEY = /^[a-z][a-z0-9_]{0,31}$/;
const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

/** Event type of a page view: the views counted as visits' pages. */
export const VIEW_EVENT = 'view';

export interface FunnelEvent {
  t: string;
  n: string;
  p?: Record<string, string | number | boolean>;
}

export interface FunnelBatch {
  v: 1;
  vid: string;
  sid: string;
  sn: number;
  pv: string;
  e: FunnelEvent[];
}

function readEvent(raw: unknown): FunnelEvent | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const { t, n, p, ...rest } = raw as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return undefined;
  if (typeof t !== 'string' || !EVENT_TYPE.test(t)) return undefined;
  if (typeof n !== 'string' || !EVENT_NAME.test(n)) return undefined;
  if (p === undefined) return { t, n };
  if (typeof p !== 'object' || p === null || Array.isArray(p)) return undefined;
  const entries = Object.entries(p as Record<string, unknown>);
  if (entries.length > FUNNEL_LIMITS.props) return undefined;
  for (const [key, value] of entries) {
    if (!PROP_KEY.test(key)) return undefined;
    const ok =
      (typeof value === 'string' && value.length <= FUNNEL_LIMITS.text) ||
      (typeof value === 'number' && Number.isFinite(value)) ||
      typeof value === 'boolean';
    if (!ok) return undefined;
  }
  return { t, n, p: p as FunnelEvent['p'] };
}

/** The batch when all six keys are present and valid, else undefined. */
export function readBatch(body: unknown): FunnelBatch | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const b = body as Record<string, unknown>;
  const keys = Object.keys(b);
  if (keys.length !== 6) return undefined;
  if (b.v !== 1) return undefined;
  if (typeof b.vid !== 'string' || !UUID_V4.test(b.vid)) return undefined;
  if (typeof b.sid !== 'string' || !ID.test(b.sid)) return undefined;
  if (typeof b.sn !== 'number' || !Number.isSafeInteger(b.sn) || b.sn < 0) return undefined;
  if (typeof b.pv !== 'string' || !ID.test(b.pv)) return undefined;
  if (!Array.isArray(b.e) || b.e.length > FUNNEL_LIMITS.events) return undefined;
  const events: FunnelEvent[] = [];
  for (const raw of b.e) {
    const event = readEvent(raw);
    if (!event) return undefined;
    events.push(event);
  }
  return { v: 1, vid: b.vid.toLowerCase(), sid: b.sid, sn: b.sn, pv: b.pv, e: events };
}

export interface FunnelRecord {
  v: 1;
  ts: number;
  vid: string;
  sid: string;
  sn: number;
  pv: string;
  path: string | null;
  ref: string | null;
  utm: Partial<Record<(typeof UTM_KEYS)[number], string>>;
  e: FunnelEvent[];
}

/**
 * What is stored. The page is the `path` property of an event, else the `Referer` header of
 * the request (the page that sent it); `ref` (the page's own referrer) keeps only its host;
 * utm values come from properties, else from the page's query. Other string properties are
 * redacted like error reports; URL-valued ones keep only their path.
 */
export function toRecord(batch: FunnelBatch, refererHeader: string | undefined, now: number): FunnelRecord {
  let path: string | null = null;
  let ref: string | null = null;
  const utm: FunnelRecord['utm'] = {};
  const events = batch.e.map((event) => {
    if (!event.p) return event;
    const p: NonNullable<FunnelEvent['p']> = {};
    for (const [key, value] of Object.entries(event.p)) {
      if (typeof value !== 'string') {
        p[key] = value;
      } else if (key === 'path') {
        p.path = pathOfUrl(value) ?? '/';
        path ??= p.path;
      } else if (key === 'ref') {
        const host = hostOfUrl(value);
        if (host) {
          p.ref = host;
          ref ??= host;
        }
      } else if ((UTM_KEYS as readonly string[]).includes(key)) {
        const clean = redactText(value).slice(0, 100);
        p[key] = clean;
        utm[key as (typeof UTM_KEYS)[number]] ??= clean;
      } else if (/^https?:\/\//i.test(value) || value.startsWith('/')) {
        p[key] = pathOfUrl(value) ?? '/';
      } else {
        p[key] = redactText(value);
      }
    }
    return { t: event.t, n: event.n, p };
  });
  if (refererHeader) {
    try {
      const page = new URL(refererHeader);
      path ??= normalisePath(page.pathname);
      for (const key of UTM_KEYS) {
        const value = page.searchParams.get(key);
        if (value && utm[key] === undefined) utm[key] = redactText(value).slice(0, 100);
      }
    } catch {
      // Not a URL: no page known from the header.
    }
  }
  return {
    v: 1,
    ts: now,
    vid: batch.vid,
    sid: batch.sid,
    sn: batch.sn,
    pv: batch.pv,
    path,
    ref,
    utm,
    e: events,
  };
}
