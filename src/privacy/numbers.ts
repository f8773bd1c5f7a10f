// Numbered documents read from the digit clusters: every run of whole groups of a
// cluster that starts and ends where a number may (clusters.ts), has one of the
// document's lengths and passes its check rule, is accepted when written in one of the
// document's own groupings (no nearby word says it is something else) or when a word of
// its category labels it. Used by the detectors of RG, CNH, PIS, título, CNS, RENAVAM
// and cards; CPF, CNPJ and telephones keep their own readers.
import { type Analysis, MIN_RUN_DIGITS, type Run } from './analysis.js';
import { type Cluster, digitsOf, sepsWithin, softAfter, softBefore } from './clusters.js';
import { type ContextKind, labelledAs, notForeign } from './context.js';
import { type ClusterReader, defineDetector, type Detector, type Span } from './types.js';

export interface NumberRule {
  /** The context kind (the category) whose words label the number. */
  kind: ContextKind;
  /** The key of an accepted value, from its digits (default: the digits). */
  key?: (digits: string) => string;
  /** Digit counts a value may have. */
  lengths: readonly number[];
  /** Most groups a value is written in. */
  maxGroups: number;
  /** Characters allowed between its groups. */
  seps: string;
  /** The check rule on the digits (and any suffix read by `suffix`). */
  valid(key: string): boolean;
  /**
   * Group lengths ("3,5,2,1") of the document's printed form: a valid value written so
   * is accepted without a word (a suffix read by `suffix` adds "+": "2,3,3+").
   */
  masks: readonly string[];
  /**
   * Where no check rule exists for every form (RG outside São Paulo): readings accepted
   * with a word of the category although `valid` fails. Default: none.
   */
  loose?: (text: string, c: Cluster, i: number, j: number) => boolean;
  /** Text glued before the first group that still lets a value start there ("MG-" of an RG). */
  gluedPrefix?: RegExp;
  /**
   * Groupings accepted with a word of the category (besides `masks`): how people write
   * the number ("11" for a bare run, "9,2" for digits and check digits). Other groupings
   * are parts of other numbers ("titular 711 730 879 66" is a CPF, not a CNH).
   * Default: any.
   */
  shapes?: readonly string[];
  /** Related kinds whose words also label the number ("o renavam do carro"). */
  friends?: readonly ContextKind[];
  /**
   * Optional: characters after the last group that belong to the value (the "-X" of an
   * RG); returns the key suffix and how many characters it takes, or null.
   */
  suffix?: (text: string, end: number) => { key: string; length: number } | null;
  /**
   * A valid value is this category's whatever the nearest label of another category says
   * (a Luhn-valid card in an issuer's range after "cc"): both are a person's, and the
   * value's own check is the stronger evidence. Words of no category ("pedido") still overrule it.
   */
  outranks?: boolean;
}

/** How far after an unchecked value its label may be: "1.234.567 SSP/SC", "1234567 (RG)". */
const LOOSE_AFTER = 14;

/** Group lengths of groups i..j as "3,3,3,2". */
export function shapeOf(c: Cluster, i: number, j: number): string {
  let s = '';
  for (let k = i; k <= j; k++) s += (k > i ? ',' : '') + (c.groups[k]!.end - c.groups[k]!.start);
  return s;
}

/**
 * The values of `rule` among one cluster's runs, added to `outs` (one list per length);
 * overlapping readings are left to the overlap rule.
 */
function readRuns(a: Analysis, rule: NumberRule, c: Cluster, runs: readonly Run[], outs: Span[][]): void {
  const lengths = rule.lengths;
  for (let li = 0; li < lengths.length; li++) {
    const n = lengths[li]!;
    for (let ri = 0; ri < runs.length; ri++) {
      const run = runs[ri]!;
      if (run.n !== n) continue;
      const { i, j } = run;
      if (j - i >= rule.maxGroups) continue;
      if (!softBefore(c, i) && !(i === 0 && prefixed(a.text, c.groups[0]!.start, rule))) continue;
      if (!sepsWithin(c, i, j, rule.seps)) continue;
      run.digits ??= digitsOf(a.text, c, i, j);
      const found = readAt(a, run, rule);
      if (found === null) continue;
      if (rule.key) found.key = rule.key(found.key);
      outs[li]!.push(found);
    }
  }
}

/** Values by length, then in text order. Not outs.flat(): several times slower on a message's few short lists. */
function joined(outs: Span[][]): Span[] {
  if (outs.length === 1) return outs[0]!;
  const all: Span[] = [];
  for (const o of outs) for (let k = 0; k < o.length; k++) all.push(o[k]!);
  return all;
}

/** Every value of `rule` in the analysed text. */
export function findNumbers(a: Analysis, rule: NumberRule): Span[] {
  const outs: Span[][] = rule.lengths.map(() => []);
  const clusters = a.clusters;
  for (let k = 0; k < clusters.length; k++) {
    if (clusters[k]!.digits < MIN_RUN_DIGITS) continue;
    const runs = a.runsAt(k);
    if (runs.length > 0) readRuns(a, rule, clusters[k]!, runs, outs);
  }
  return joined(outs);
}

/** The same values, read cluster by cluster in a walk shared with other detectors. */
export function numberReader(a: Analysis, rule: NumberRule): ClusterReader {
  const outs: Span[][] = rule.lengths.map(() => []);
  return {
    minDigits: MIN_RUN_DIGITS,
    read(c: Cluster, runs: readonly Run[]): void {
      if (runs.length > 0) readRuns(a, rule, c, runs, outs);
    },
    done: () => joined(outs),
  };
}

function prefixed(text: string, start: number, rule: NumberRule): boolean {
  if (rule.gluedPrefix === undefined) return false;
  return rule.gluedPrefix.test(text.slice(Math.max(0, start - 4), start));
}

function readAt(a: Analysis, run: Run, rule: NumberRule): Span | null {
  const { c, i, j } = run;
  const text = a.text;
  const start = c.groups[i]!.start;
  let end = c.groups[j]!.end;
  let key = run.digits!;
  const tail = rule.suffix && j === c.groups.length - 1 ? rule.suffix(text, end) : null;
  if (tail !== null) {
    key += tail.key;
    end += tail.length;
  } else if (!softAfter(c, j)) return null;
  const valid = rule.valid(key);
  if (!valid && !rule.loose?.(text, c, i, j)) return null;
  run.shape ??= shapeOf(c, i, j);
  const shape = tail ? `${run.shape}+` : run.shape;
  const masked = valid && rule.masks.includes(shape);
  const shaped = masked || rule.shapes === undefined || rule.shapes.includes(shape);
  const mentioned = shaped && a.mentions(rule.kind, start, end);
  const outranks = valid && shaped && rule.outranks === true;
  if (!masked && !mentioned && !outranks) return null;
  const ctx = a.context(start, end);
  if (
    outranks &&
    ctx.nearest !== null &&
    ctx.nearest !== 'other' &&
    ctx.nearest !== rule.kind &&
    !ctx.nearestWeak
  )
    return { start, end, key };
  // Unchecked readings (RG outside São Paulo) take a label after them only right after.
  const near = valid || !ctx.nearestAfter || ctx.nearestDistance <= LOOSE_AFTER;
  if (mentioned && near && labelledAs(ctx, rule.kind, rule.friends)) return { start, end, key };
  return masked && notForeign(ctx, rule.kind) ? { start, end, key } : null;
}

/**
 * A numbered document's detector: its declaration (category, label, orders, words, check
 * rule) and the rule its numbers are read by.
 */
export function numberDetector<const C extends string>(
  d: Omit<Detector<C>, 'detect' | 'validate'> & {
    validate: (key: string) => boolean;
    rule: Omit<NumberRule, 'kind' | 'valid'>;
  },
): Detector<C> {
  const rule: NumberRule = { ...d.rule, kind: d.category, valid: d.validate };
  const { rule: _rule, ...declared } = d;
  return defineDetector<C>({
    ...declared,
    detect: (a: Analysis) => findNumbers(a, rule),
    reader: (a: Analysis) => numberReader(a, rule),
  });
}
