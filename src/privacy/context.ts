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
  'conta',
  'agencia',
  'rastreio',
  'rastreamento',
  'ordem',
  'chamado',
  'ticket',
  'matricula',
  'processo',
  'cep',
  'rg',
  'pis',
  'nis',
  'renavam',
  'serie',
  'lote',
  'sku',
  'id',
  'fatura',
  'transacao',
  'cartao',
  'order',
  'invoice',
  'guia',
  'ref',
  'utm',
  'linha digitavel',
  'ip',
  'ipv4',
  'servidor',
  'host',
  'dns',
  'versao',
  'version',
  'build',
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

/** Lower case, accents removed; only called on short windows. */
export function fold(s: string): string {
  return s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

export interface Context {
  /** Kinds of every context word in the window. */
  kinds: Set<ContextKind>;
  /** Kind of the word closest to the candidate, if any. */
  nearest: ContextKind | null;
}

/** The context words of every kind, compiled into one search; built once by the registry. */
export class ContextWords {
  readonly #kindOf = new Map<string, ContextKind>();
  readonly #re: RegExp;

  /** `byKind`: folded words (lower case, no accents) per kind; a word belongs to one kind. */
  constructor(byKind: Readonly<Record<ContextKind, readonly string[]>>) {
    for (const [kind, words] of Object.entries(byKind)) {
      for (const w of words) {
        const known = this.#kindOf.get(w);
        if (known !== undefined && known !== kind)
          throw new Error(`context word "${w}" in ${known} and ${kind}`);
        this.#kindOf.set(w, kind);
      }
    }
    const escaped = [...this.#kindOf.keys()]
      .sort((a, b) => b.length - a.length)
      .map((w) => w.replace(/[./]/g, (c) => '\\' + c));
    this.#re = new RegExp(`(?<![a-z0-9])(?:${escaped.join('|')})(?![a-z0-9])`, 'g');
  }

  /** Context words in a window around text[start, end). Words before count more than words after. */
  around(text: string, start: number, end: number): Context {
    const kinds = new Set<ContextKind>();
    let nearest: ContextKind | null = null;
    let best = Number.POSITIVE_INFINITY;
    const before = fold(text.slice(Math.max(0, start - BEFORE), start));
    for (const m of before.matchAll(this.#re)) {
      const kind = this.#kindOf.get(m[0])!;
      kinds.add(kind);
      const dist = before.length - (m.index + m[0].length) + (WEAK.has(m[0]) ? WEAK_PENALTY : 0);
      if (dist <= best) {
        best = dist;
        nearest = kind;
      }
    }
    // A number right after another number (the end of a boleto line, a list) is not the
    // one a following word labels.
    if (TRAILS_NUMBER.test(text.slice(Math.max(0, start - 3), start))) return { kinds, nearest };
    // Labels after a value stay on its line; the next line's label is the next value's.
    let after = fold(text.slice(end, end + AFTER));
    const nl = after.indexOf('\n');
    if (nl >= 0) after = after.slice(0, nl);
    for (const m of after.matchAll(this.#re)) {
      const kind = this.#kindOf.get(m[0])!;
      kinds.add(kind);
      // Labels come before values: an after-word counts triple ("celular 119… pedido").
      const dist = 3 * m.index + 8 + (WEAK.has(m[0]) ? WEAK_PENALTY : 0);
      if (dist < best) {
        best = dist;
        nearest = kind;
      }
    }
    return { kinds, nearest };
  }
}

/** Kinds that label a document number: a CPF's, a CNPJ's, or any document's. */
export function isDocKind(k: ContextKind | null): boolean {
  return k === 'cpf' || k === 'cnpj' || k === 'doc';
}

export function hasDocContext(c: Context): boolean {
  return c.kinds.has('cpf') || c.kinds.has('cnpj') || c.kinds.has('doc');
}
