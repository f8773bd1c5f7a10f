// Schema violations told in Portuguese. Ajv's own messages are English and quote the
// schema (a regex, say); here each keyword gets a sentence, and fields whose rule is a
// pattern get a hint in words. Nothing the client sent is repeated.

interface AjvError {
  keyword?: string;
  instancePath?: string;
  params?: Record<string, unknown>;
}

const TYPES: Record<string, string> = {
  string: 'um texto',
  number: 'um número',
  integer: 'um número inteiro',
  boolean: 'verdadeiro ou falso',
  object: 'um objeto JSON',
  array: 'uma lista',
};

/** What a well-formed value looks like, for the fields checked by a pattern or a list. */
const HINTS: Record<string, string> = {
  limit: 'use um número de 1 a 100',
  offset: 'use um número inteiro a partir de 0',
  unread: 'use true ou false',
};

export interface Violation {
  field: string;
  message: string;
}

export function describeViolation(context: string, errors: AjvError[] | undefined): Violation {
  const first = errors?.[0] ?? {};
  const params = first.params ?? {};
  const path = (first.instancePath ?? '').split('/').filter(Boolean);
  const named =
    typeof params.missingProperty === 'string'
      ? params.missingProperty
      : typeof params.additionalProperty === 'string'
        ? params.additionalProperty
        : undefined;
  if (named) path.push(named);
  const field = path.join('.');
  const noun = context === 'body' ? 'campo' : 'parâmetro';
  const subject = field ? `O ${noun} ${field}` : context === 'body' ? 'O corpo' : 'A consulta';
  switch (first.keyword) {
    case 'required':
      return { field, message: `${subject} é obrigatório.` };
    case 'additionalProperties':
      return { field, message: `${subject} não é aceito nesta rota.` };
    case 'type':
      return { field, message: `${subject} deve ser ${TYPES[String(params.type)] ?? 'de outro tipo'}.` };
    case 'minLength':
      return { field, message: `${subject} deve ter ao menos ${params.limit} caractere(s).` };
    case 'maxLength':
      return { field, message: `${subject} deve ter no máximo ${params.limit} caracteres.` };
    default: {
      const hint = HINTS[path.at(-1) ?? ''];
      return { field, message: `${subject} tem um valor inválido${hint ? `: ${hint}` : ''}.` };
    }
  }
}
