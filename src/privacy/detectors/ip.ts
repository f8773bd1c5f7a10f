// IP addresses (category 'ip'): IPv4 (four dotted numbers 0–255, no leading zeros) and
// IPv6 (eight groups of hexadecimal digits, or fewer with one "::"). An address a person
// connects from identifies them (LGPD art. 5, I, with the ANPD's guidance on online
// identifiers), so a public address is masked unless a nearby word says it is something
// else (a version, a build, a server or host in a configuration). Private, loopback,
// link-local and documentation ranges belong to networks, not people: they are masked
// only with a word of the category ("IP", "acessou", "conectou"…) nearby.
import type { Analysis } from '../analysis.js';
import { type Cluster, softAfter, softBefore } from '../clusters.js';
import { notForeign } from '../context.js';
import { defineDetector, type Span } from '../types.js';

/** The octets of groups i..i+3 when they are a dotted quad standing alone. */
function octets(text: string, c: Cluster, i: number): number[] | null {
  if (i + 3 >= c.groups.length || !softBefore(c, i) || !softAfter(c, i + 3)) return null;
  const out: number[] = [];
  for (let k = i; k < i + 4; k++) {
    const g = c.groups[k]!;
    if (k > i && g.sep !== '.') return null;
    const n = g.end - g.start;
    if (n > 3 || (n > 1 && text.charCodeAt(g.start) === 48)) return null;
    const v = Number(text.slice(g.start, g.end));
    if (v > 255) return null;
    out.push(v);
  }
  return out;
}

/** Ranges of networks rather than people (RFC 1918, 5735, 5737, 6598). */
function isNetworkV4([a = -1, b = -1]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    a >= 224 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && (b === 168 || b === 0)) ||
    (a === 198 && (b === 18 || b === 19 || b === 51)) ||
    (a === 203 && b === 0)
  );
}

function isHexOrColon(c: number): boolean {
  return (c >= 48 && c <= 58) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}
const V6 =
  /^(?:[0-9a-fA-F]{1,4}:){1,7}(?::|[0-9a-fA-F]{1,4})?(?::[0-9a-fA-F]{1,4}){0,6}$|^::(?:[0-9a-fA-F]{1,4}(?::[0-9a-fA-F]{1,4}){0,6})?$/;

/** A well-formed IPv6 address: eight groups, or fewer with exactly one "::". */
function isIpv6(s: string): boolean {
  // Fewer than three ':' is a time, a ratio or a label, never an address but "::1"-like ones.
  const first = s.indexOf(':');
  const third = s.indexOf(':', s.indexOf(':', first + 1) + 1);
  if (third < 0 && !s.includes('::')) return false;
  if (!V6.test(s)) return false;
  const doubles = s.split('::').length - 1;
  if (doubles > 1) return false;
  const groups = s.split(':').filter((x) => x !== '').length;
  return doubles === 1 ? groups >= 2 && groups <= 7 : groups === 8;
}

/** Loopback, link-local, unique-local and documentation ranges (RFC 4291, 4193, 3849). */
function isNetworkV6(s: string): boolean {
  const l = s.toLowerCase();
  return (
    l === '::1' ||
    l.startsWith('fe8') ||
    l.startsWith('fe9') ||
    l.startsWith('fea') ||
    l.startsWith('feb') ||
    l.startsWith('fc') ||
    l.startsWith('fd') ||
    l.startsWith('2001:db8:') ||
    l.startsWith('::')
  );
}

function isWordAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

function accepted(a: Analysis, start: number, end: number, network: boolean): boolean {
  return network ? a.labelled('ip', start, end) : notForeign(a.context(start, end), 'ip');
}

function v4(a: Analysis, c: Cluster, out: Span[]): void {
  const text = a.text;
  for (let i = 0; i + 3 < c.groups.length; i++) {
    const o = octets(text, c, i);
    if (o === null) continue;
    const start = c.groups[i]!.start;
    const end = c.groups[i + 3]!.end;
    // Not the start of a dotted name ("1.2.3.4.example").
    if (text.charCodeAt(end) === 46 && isWordAt(text, end + 1)) continue;
    if (accepted(a, start, end, isNetworkV4(o))) out.push({ start, end, key: o.join('.') });
    i += 3;
  }
}

function v6(a: Analysis, out: Span[]): void {
  const text = a.text;
  let last = -1;
  for (let p = text.indexOf(':'); p >= 0; p = text.indexOf(':', p + 1)) {
    if (p < last) continue;
    const next = text.charCodeAt(p + 1);
    const nextOk =
      next === 58 || (next >= 48 && next <= 57) || (next >= 97 && next <= 102) || (next >= 65 && next <= 70);
    if (!nextOk) continue;
    let s = p;
    while (s > 0 && p - s < 40 && isHexOrColon(text.charCodeAt(s - 1))) s--;
    let e = p + 1;
    while (e < text.length && e - s < 46 && isHexOrColon(text.charCodeAt(e))) e++;
    // A trailing ':' ends a sentence ("o IP é 2001:db8::1:"), unless it is the "::" itself.
    if (text[e - 1] === ':' && text[e - 2] !== ':') e--;
    last = e;
    if (isWordAt(text, s - 1) || isWordAt(text, e)) continue;
    const cand = text.slice(s, e);
    if (!isIpv6(cand)) continue;
    if (accepted(a, s, e, isNetworkV6(cand))) out.push({ start: s, end: e, key: cand.toLowerCase() });
  }
}

/** The IPv4 addresses found, with the IPv6 ones, in text order. */
function withV6(a: Analysis, out: Span[]): Span[] {
  v6(a, out);
  return out.length > 1 ? out.sort((x, y) => x.start - y.start) : out;
}

export const ipDetector = defineDetector({
  category: 'ip',
  label: 'IP',
  priority: 80,
  order: 80,
  context: [
    'ip',
    'ips',
    'ipv4',
    'ipv6',
    'endereco ip',
    'endereco de ip',
    'acessou',
    'acesso',
    'acessos',
    'conectou',
    'conectado',
    'conexao',
    'login',
    'logou',
    'origem',
  ],
  validate: (key) =>
    isIpv6(key) ||
    /^(?:(?:25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])$/.test(key),
  detect(a: Analysis): Span[] {
    const out: Span[] = [];
    const clusters = a.clusters;
    for (let k = 0; k < clusters.length; k++) v4(a, clusters[k]!, out);
    return withV6(a, out);
  },
  reader(a: Analysis) {
    const out: Span[] = [];
    return {
      // Four groups of at least one digit.
      minDigits: 4,
      read: (c: Cluster) => v4(a, c, out),
      done: () => withV6(a, out),
    };
  },
});
