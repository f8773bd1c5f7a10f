// One linear pass that groups the digits of a text into clusters: runs of digit groups
// joined by short separators ("(11) 98765-4321", "529.982.247-25", "1.234,56").
// The numeric detectors read their formats from these groups instead of each running
// regexes over the whole text; the per-text analysis (analysis.ts) computes them once.

export interface Group {
  /** Offsets of the digit run. */
  start: number;
  end: number;
  /** The characters between the previous group and this one ('' for the first). */
  sep: string;
}

export interface Cluster {
  groups: Group[];
  /** The cluster touches a letter, '_', '@' or a glued joint before its first digit. */
  gluedBefore: boolean;
  /** The cluster touches a letter, '_' or '@' after its last digit. */
  gluedAfter: boolean;
  /** How many of its groups are a single digit (digits spelled apart show here). */
  singles: number;
  /** Digits in all its groups: a detector skips a cluster too short for its numbers at once. */
  digits: number;
}

const MAX_SEP = 3;

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Characters that may join two digit groups. ',' only joins when a digit follows directly. */
function isSepChar(c: number): boolean {
  return (
    c === 32 || // space
    c === 46 || // .
    c === 45 || // -
    c === 47 || // /
    c === 40 || // (
    c === 41 || // )
    c === 44 || // ,
    c === 95 || // _ (still glues a number to a word at a cluster edge)
    c === 0xa0 || // no-break space
    c === 0x2013 || // en dash
    c === 0x2010 ||
    c === 0x2011 // hyphens
  );
}

/** Letters (ASCII and Latin-1/Latin Extended), '_' and '@' glue a number to a word. */
export function isWordChar(c: number): boolean {
  return (
    (c >= 65 && c <= 90) ||
    (c >= 97 && c <= 122) ||
    c === 95 ||
    c === 64 ||
    (c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7)
  );
}

function isAlnum(c: number): boolean {
  return isDigit(c) || isWordChar(c);
}

/** The next digit: a native scan, several times faster than a loop over the characters. */
const NEXT_DIGIT = /[0-9]/g;

/** Every digit cluster of the text, in order. */
export function clustersOf(text: string): Cluster[] {
  const out = new Collect();
  eachCluster(text, out, true);
  return out.clusters;
}

/** What eachCluster hands clusters to. */
export interface ClusterVisitor {
  visit(c: Cluster): void;
}

class Collect implements ClusterVisitor {
  readonly clusters: Cluster[] = [];
  visit(c: Cluster): void {
    this.clusters.push(c);
  }
}

/** The groups of the cluster being read: offsets and separators, copied out when it ends. */
const starts: number[] = [];
const ends: number[] = [];
const seps: string[] = [];

/**
 * Clusters of a walk that keeps none, by group count: each is refilled for the next
 * cluster of that many groups, so a long text's walk allocates nothing per cluster.
 */
const reused: Cluster[] = [];
const MAX_REUSED = 64;

function clusterOf(count: number, keep: boolean): Cluster {
  let c = keep ? undefined : reused[count];
  if (c === undefined) {
    // Most clusters are one group; a literal gets an array of that length, a push room for 17.
    const groups: Group[] = [{ start: 0, end: 0, sep: '' }];
    for (let k = 1; k < count; k++) groups.push({ start: 0, end: 0, sep: '' });
    c = { groups, gluedBefore: false, gluedAfter: false, singles: 0, digits: 0 };
    if (!keep && count <= MAX_REUSED) reused[count] = c;
  }
  const g = c.groups;
  for (let k = 0; k < count; k++) {
    g[k]!.start = starts[k]!;
    g[k]!.end = ends[k]!;
    g[k]!.sep = seps[k]!;
  }
  return c;
}

/**
 * Hands each digit cluster of the text to `to`, in order. With `keep` false the cluster
 * objects are reused for later clusters: the visitor must not keep them (nor their
 * groups). Read so, a long text's clusters cost no memory beyond the one being read,
 * instead of living until its last detector.
 */
export function eachCluster(text: string, to: ClusterVisitor, keep: boolean): void {
  const n = text.length;
  let i = 0;
  for (;;) {
    NEXT_DIGIT.lastIndex = i;
    if (!NEXT_DIGIT.test(text)) break;
    i = NEXT_DIGIT.lastIndex - 1;
    const first = i;
    let count = 0;
    let sep = '';
    let singles = 0;
    let digits = 0;
    for (;;) {
      const gs = i;
      while (i < n && isDigit(text.charCodeAt(i))) i++;
      if (i - gs === 1) singles++;
      digits += i - gs;
      starts[count] = gs;
      ends[count] = i;
      seps[count] = sep;
      count++;
      let k = i;
      while (k < n && k - i < MAX_SEP && isSepChar(text.charCodeAt(k))) k++;
      if (k > i && k < n && isDigit(text.charCodeAt(k))) {
        sep = k - i === 1 ? text[i]! : text.slice(i, k);
        // A comma joins only "1,5"-style decimals; ", " is a list separator.
        if (sep.length > 1 && sep.includes(',')) break;
        i = k;
        continue;
      }
      break;
    }
    let lead = first;
    while (lead > 0 && (text.charCodeAt(lead - 1) === 40 || text.charCodeAt(lead - 1) === 43)) lead--;
    let gluedBefore = false;
    if (lead > 0) {
      const p = text.charCodeAt(lead - 1);
      if (isWordChar(p)) gluedBefore = true;
      else if ((p === 45 || p === 47) && lead > 1 && isAlnum(text.charCodeAt(lead - 2))) gluedBefore = true;
    }
    const gluedAfter = i < n && isWordChar(text.charCodeAt(i));
    const c = clusterOf(count, keep);
    c.gluedBefore = gluedBefore;
    c.gluedAfter = gluedAfter;
    c.singles = singles;
    c.digits = digits;
    to.visit(c);
  }
}

/** A group boundary where a number may start or end: the cluster edge or a separator with a space. */
export function softBefore(c: Cluster, i: number): boolean {
  if (i === 0) return !c.gluedBefore;
  return isSoft(c.groups[i]!.sep);
}

export function softAfter(c: Cluster, j: number): boolean {
  if (j === c.groups.length - 1) return !c.gluedAfter;
  return isSoft(c.groups[j + 1]!.sep);
}

function isSoft(sep: string): boolean {
  for (let k = 0; k < sep.length; k++) {
    const c = sep.charCodeAt(k);
    if (c === 32 || c === 0xa0) return true;
  }
  return false;
}

/** The digits of groups i..j. */
export function digitsOf(text: string, c: Cluster, i: number, j: number): string {
  let s = '';
  for (let k = i; k <= j; k++) s += text.slice(c.groups[k]!.start, c.groups[k]!.end);
  return s;
}

/** Whether every separator between groups i..j uses only characters from `allowed`. */
export function sepsWithin(c: Cluster, i: number, j: number, allowed: string): boolean {
  for (let k = i + 1; k <= j; k++) {
    const sep = c.groups[k]!.sep;
    for (let m = 0; m < sep.length; m++) if (!allowed.includes(sep[m]!)) return false;
  }
  return true;
}
