// The shared vocabulary of the privacy barrier. Everything in src/privacy is pure:
// no I/O (except the name model loader), no framework imports.

/** Categories of personal data, as they appear in findings. */
export type Category = 'cpf' | 'cnpj' | 'email' | 'telefone' | 'nome';

/** Policies, from least to most strict. */
export type Policy = 'placeholder' | 'redact' | 'block';

/**
 * One occurrence of personal data in a text. Offsets are UTF-16 code units of the
 * text as given (findAll maps them back from the normalised view), end exclusive.
 */
export interface Match {
  category: Category;
  start: number;
  end: number;
  /**
   * The normalised value, read from the normalised view (ASCII digits only for
   * documents and phones, whatever digits or separators were typed; case-folded for
   * e-mail; the name model's folded form for names). Equal keys get the same placeholder number.
   * Never leaves the process: not logged, not returned, not stored.
   */
  key: string;
}

/** A detector finds one category of personal data in a text. Each lives in its own module. */
export interface Detector {
  readonly category: Category;
  detect(text: string): Match[];
}

/** One findings item per category: never a value, never an offset. */
export interface Finding {
  category: Category;
  count: number;
  action: Policy;
}
