// Page views and events for /api/funil: a random browser id (no account, no e-mail), a
// session that ends after 30 idle minutes, events sent in small batches.
import { api } from './api.js';

const IDLE_MS = 30 * 60 * 1000;

interface Session {
  vid: string;
  sid: string;
  sn: number;
  last: number;
}

function session(): Session {
  const now = Date.now();
  let stored: Session | null = null;
  try {
    stored = JSON.parse(localStorage.getItem('svc.funil') ?? 'null');
  } catch {
    stored = null;
  }
  const vid = stored?.vid ?? crypto.randomUUID();
  const fresh = !stored || now - stored.last > IDLE_MS;
  const next: Session = {
    vid,
    sid: fresh ? crypto.randomUUID() : stored!.sid,
    sn: fresh ? (stored?.sn ?? 0) + 1 : stored!.sn,
    last: now,
  };
  try {
    localStorage.setItem('svc.funil', JSON.stringify(next));
  } catch {
    // Private mode: a new id per page load is fine.
  }
  return next;
}

let pv = crypto.randomUUID();

type Event = { t: string; n: string; p?: Record<string, string> };

function send(events: Event[]): void {
  const s = session();
  const body = JSON.stringify({ v: 1, vid: s.vid, sid: s.sid, sn: s.sn, pv, e: events.slice(0, 40) });
  api('POST /api/funil', { raw: { data: body, type: 'text/plain' }, keepalive: true }).catch(() => {});
}

/** A page view: the path (the server keeps no query) and the host the visitor came from. */
export function pageView(path: string): void {
  pv = crypto.randomUUID();
  const p: Record<string, string> = { path };
  if (document.referrer) p.ref = document.referrer;
  send([{ t: 'view', n: path === '/' ? 'inicio' : path.slice(1), p }]);
}

export function event(name: string): void {
  send([{ t: 'acao', n: name, p: { path: location.pathname } }]);
}
