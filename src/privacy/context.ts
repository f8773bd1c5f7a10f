// Context words: bare digit runs are only personal data when a nearby word says what
// they are. The nearest word wins, so "cpf e telefone: 529… e 119…" reads each number
// by the word closest to it, and "pedido 119…" is not a phone.

/**
 * What a context word says a nearby number is: a category's own words (declared by its
 * detector, gathered by the registry) or one of the shared kinds below.
 */
export type ContextKind = string;

/** Words that say "a document number" without saying which one. */
const DOC_WORDS: readonly string[] = [
  'documento',
  'documentos',
  'doc',
  'docto',
  'inscricao',
  'inscrito',
  'inscrita',
  'portador',
  'portadora',
  'contribuinte',
  'titular',
  'cadastro',
  'cpf/cnpj',
];

/** Words that say the number is something else (an order, a code, a version…). */
const OTHER_WORDS: readonly string[] = [
  'pedido',
  'protocolo',
  'nota',
  'nf',
  'nfe',
  'boleto',
  'codigo',
  'cod',
  'rastreio',
  'rastreamento',
  'ordem',
  'chamado',
  'ticket',
  'matricula',
  'processo',
  'cep',
  'serie',
  'lote',
  'sku',
  'id',
  'fatura',
  'transacao',
  'order',
  'invoice',
  'guia',
  'ref',
  'utm',
  'boarding pass',
  'cartao de embarque',
  'linha digitavel',
  'servidor',
  'host',
  'dns',
  'versao',
  'version',
  'build',
  'release',
  'firmware',
  'modelo',
  'lei',
  'artigo',
  'art',
  'inciso',
  'paragrafo',
  'clausula',
  'decreto',
  'portaria',
  'resolucao',
  'dose',
  'temperatura',
  'graus',
  'quantidade',
  'qtd',
  'valor',
  'preco',
  'total',
  'peca',
  'produto',
];

/** The shared kinds, next to the categories' own words. */
export const SHARED_CONTEXT: Readonly<Record<ContextKind, readonly string[]>> = {
  doc: DOC_WORDS,
  other: OTHER_WORDS,
};

/**
 * Generic words, counted as farther than they are, so a specific word close by wins:
 * "CPF número 529…" is a CPF, "pedido 123, anota o número 5511…" a telephone.
 */
const WEAK = new Set(['numero']);
const WEAK_PENALTY = 8;

const TRAILS_NUMBER = /[0-9][ .\-/]*$/;
const BEFORE = 48;
const AFTER = 24;
/** How much of a question the value answers on its own line is read ("pode confirmar esse cpf?⏎…"). */
const QUESTION = 160;

/**
 * Where the words before text[start, end) are read from: BEFORE characters back, or, when
 * the value stands alone on its line under a question, from the question's start (the
 * value answers it: "qual o seu cpf, por favor, pra eu confirmar aqui?⏎52998224725").
 */
function windowStart(text: string, start: number, end: number): number {
  const from = Math.max(0, start - BEFORE);
  let k = start - 1;
  while (k >= from && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9)) k--;
  if (k < from || text.charCodeAt(k) !== 10) return from;
  let q = k - 1;
  if (text.charCodeAt(q) === 13) q--;
  while (q >= from && (text.charCodeAt(q) === 32 || text.charCodeAt(q) === 9)) q--;
  if (q < from || text.charCodeAt(q) !== 63) return from;
  let e = end;
  while (
    e < text.length &&
    (text.charCodeAt(e) === 32 || text.charCodeAt(e) === 9 || text.charCodeAt(e) === 46)
  )
    e++;
  if (e < text.length && text.charCodeAt(e) !== 10 && text.charCodeAt(e) !== 13) return from;
  const lineStart = text.lastIndexOf('\n', q) + 1;
  return Math.min(from, Math.max(lineStart, q - QUESTION));
}

const NON_ASCII = /[^\x00-\x7f]/;
/** Latin-1 and Latin Extended-A letters (lower case) without their accents; '' where NFD decides. */
const BASE_LETTER: string[] = [];
for (let c = 0xc0; c <= 0x17f; c++) {
  const base = String.fromCharCode(c)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  BASE_LETTER[c - 0xc0] = base.length === 1 && base.charCodeAt(0) < 128 ? base : '';
}
const LATIN = /[\u00c0-\u017f]/g;
const OTHER_NON_LATIN = /[^\x00-\u017f]/;

/** Lower case, accents removed; only called on short windows. */
export function fold(s: string): string {
  const lower = s.toLowerCase();
  if (!NON_ASCII.test(lower)) return lower;
  // Portuguese accents from a table; anything else through NFD.
  if (!OTHER_NON_LATIN.test(lower))
    return lower.replace(LATIN, (ch) => BASE_LETTER[ch.charCodeAt(0) - 0xc0] || ch);
  return lower.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

const ACCENTED: Record<string, string> = {
  a: '[aáàâã]',
  e: '[eéê]',
  i: '[ií]',
  o: '[oóôõ]',
  u: '[uúü]',
  c: '[cç]',
};

/** A case-insensitive search for the folded words as typed, accents or not. */
function unfolded(words: readonly string[]): RegExp {
  const alts = words.map((w) =>
    w.replace(/[./]/g, (ch) => '\\' + ch).replace(/[aeiouc]/g, (ch) => ACCENTED[ch]!),
  );
  return new RegExp(alts.join('|'), 'i');
}

export interface Context {
  /** Kinds of every context word in the window. */
  kinds: Set<ContextKind>;
  /** Kind of the word closest to the candidate, if any. */
  nearest: ContextKind | null;
  /** The closest word is a generic one ("número"). */
  nearestWeak: boolean;
  /** Characters between the closest word and the candidate (an after-word: 3 × its offset + 8). */
  nearestDistance: number;
  /** No digit between the closest word and the candidate: it labels this value, not one before it. */
  nearestClear: boolean;
  /** The closest word follows the candidate. */
  nearestAfter: boolean;
  /**
   * Only spaces, punctuation and "nº" lie between the closest word and the candidate:
   * the word is its label ("pedido nº 4111…"), not a word of another value or of an
   * e-mail address ("…@empresa.com.br. 4111…").
   */
  nearestAttached: boolean;
}

/** The context words of every kind, compiled into one search; built once by the registry. */
export class ContextWords {
  readonly #kindOf = new Map<string, ContextKind>();
  /** Words by their first two characters, longest first. */
  readonly #byPrefix = new Map<number, string[]>();
  readonly #triggers = new Map<ContextKind, RegExp>();

  readonly #trailing: ReadonlySet<string>;

  /**
   * `byKind`: folded words (lower case, no accents) per kind; a word belongs to one kind.
   * `trailing`: words that label only a value before them ("SSP/SP" after an RG).
   */
  constructor(byKind: Readonly<Record<ContextKind, readonly string[]>>, trailing: readonly string[] = []) {
    this.#trailing = new Set(trailing);
    for (const [kind, words] of Object.entries(byKind)) {
      for (const w of words) {
        const known = this.#kindOf.get(w);
        if (known !== undefined && known !== kind)
          throw new Error(`context word "${w}" in ${known} and ${kind}`);
        this.#kindOf.set(w, kind);
      }
    }
    for (const w of [...this.#kindOf.keys()].sort((a, b) => b.length - a.length)) {
      const key = prefixKey(w, 0);
      const list = this.#byPrefix.get(key);
      if (list) list.push(w);
      else this.#byPrefix.set(key, [w]);
    }
    for (const [kind, words] of Object.entries(byKind)) this.#triggers.set(kind, unfolded(words));
  }

  /**
   * Each context word of a folded window, left to right: a word starts after a character
   * other than [a-z0-9], ends before one, and the longest word at a position wins.
   */
  #eachWord(s: string, visit: (index: number, word: string) => void): void {
    let p = 0;
    while (p < s.length - 1) {
      if (p > 0 && isAlnum(s.charCodeAt(p - 1))) {
        p++;
        continue;
      }
      const list = this.#byPrefix.get(prefixKey(s, p));
      let matched = '';
      if (list !== undefined) {
        for (const w of list) {
          if (s.startsWith(w, p) && !isAlnum(s.charCodeAt(p + w.length))) {
            matched = w;
            break;
          }
        }
      }
      if (matched === '') p++;
      else {
        visit(p, matched);
        p += matched.length;
      }
    }
  }

  /** The category a folded word is a label of, or null (no word, or a shared kind's). */
  categoryOf(word: string): ContextKind | null {
    const kind = this.#kindOf.get(word);
    return kind === undefined || kind in SHARED_CONTEXT ? null : kind;
  }

  /**
   * Whether a word of `kind` occurs in the context window at all (anywhere, even inside
   * a word): a quick filter before around(), which folds the window and weighs every word.
   */
  mentions(text: string, kind: ContextKind, start: number, end: number): boolean {
    return this.#triggers.get(kind)!.test(text.slice(windowStart(text, start, end), end + AFTER));
  }

  /** Context words in a window around text[start, end). Words before count more than words after. */
  around(text: string, start: number, end: number): Context {
    const kinds = new Set<ContextKind>();
    let nearest: ContextKind | null = null;
    let nearestWeak = false;
    let best = Number.POSITIVE_INFINITY;
    /** The text between the closest word and the candidate. */
    let gap = '';
    const before = fold(text.slice(windowStart(text, start, end), start));
    this.#eachWord(before, (index, word) => {
      if (this.#trailing.has(word)) return;
      const kind = this.#kindOf.get(word)!;
      kinds.add(kind);
      const weak = WEAK.has(word);
      const dist = before.length - (index + word.length) + (weak ? WEAK_PENALTY : 0);
      if (dist <= best) {
        best = dist;
        nearest = kind;
        nearestWeak = weak;
        gap = before.slice(index + word.length);
      }
    });
    let nearestAfter = false;
    const result = (): Context => ({
      kinds,
      nearest,
      nearestWeak,
      nearestDistance: best,
      nearestClear: !DIGIT.test(gap),
      nearestAfter,
      nearestAttached: ATTACHED.test(gap),
    });
    // A number right after another number (the end of a boleto line, a list) is not the
    // one a following word labels.
    if (TRAILS_NUMBER.test(text.slice(Math.max(0, start - 3), start))) return result();
    // Labels after a value stay on its line; the next line's label is the next value's.
    // A little more than the window, to see what follows its last word.
    let ahead = fold(text.slice(end, end + AFTER + 12));
    const nl = ahead.indexOf('\n');
    if (nl >= 0) ahead = ahead.slice(0, nl);
    const after = ahead.slice(0, AFTER);
    this.#eachWord(after, (index, word) => {
      // "… 12345678901 CNH 98765…": a word followed by its own value labels that one.
      if (LABELS_NEXT.test(ahead.slice(index + word.length))) return;
      const kind = this.#kindOf.get(word)!;
      kinds.add(kind);
      // Labels come before values: an after-word counts triple ("celular 119… pedido").
      const weak = WEAK.has(word);
      const dist = 3 * index + 8 + (weak ? WEAK_PENALTY : 0);
      if (dist < best) {
        best = dist;
        nearest = kind;
        nearestWeak = weak;
        nearestAfter = true;
        gap = after.slice(0, index);
      }
    });
    return result();
  }
}

const DIGIT = /[0-9]/;
/** A gap of spaces and punctuation on one line, with at most a "nº". */
const ATTACHED = /^[^a-z0-9\n]*(?:n[º°o.]?[^a-z0-9\n]*)?$/;
/** What follows a label that labels the value after it: "CNH 123", "cpf: 529", "nº 12". */
const LABELS_NEXT = /^\s*(?:[:#=]|n[º°o.])?\s*(?:[a-z]{2}-)?[0-9]/;

function isAlnum(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
}

function prefixKey(s: string, p: number): number {
  return s.charCodeAt(p) * 65536 + s.charCodeAt(p + 1);
}

/** Kinds that label a document number: a CPF's, a CNPJ's, or any document's. */
export function isDocKind(k: ContextKind | null): boolean {
  return k === 'cpf' || k === 'cnpj' || k === 'doc';
}

/**
 * The closest word is one of `kind` (or of a related kind in `friends`: "o renavam do
 * carro"), with no other value between it and the candidate: in "DN: 03/03/1990, evento
 * em 10/05/2024" the word labels the first date only.
 */
export function labelledAs(c: Context, kind: ContextKind, friends: readonly ContextKind[] = []): boolean {
  if (!c.kinds.has(kind) || !c.nearestClear || c.nearest === null) return false;
  return c.nearest === kind || friends.includes(c.nearest);
}

/** How close a word of another kind must be to overrule a value's own printed form. */
const OVERRULES = 12;

/**
 * No word of another kind right before the value, on its line, says it is something else
 * ("pedido 4111 1111 1111 1111", "versão 1.2.3.4"); a farther one, or one after it, is
 * another value's label.
 */
export function notForeign(c: Context, kind: ContextKind): boolean {
  if (c.nearest === null || c.nearest === kind || c.nearest === 'doc' || c.nearestWeak) return true;
  return c.nearestAfter || !c.nearestAttached || c.nearestDistance > OVERRULES;
}

export function hasDocContext(c: Context): boolean {
  return c.kinds.has('cpf') || c.kinds.has('cnpj') || c.kinds.has('doc');
}
