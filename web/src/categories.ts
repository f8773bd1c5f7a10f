// The barrier's categories as people say them, in the order the barrier reports them, with
// the placeholder label each one uses ([CPF_1], [TITULO_1]…) and its colour class.
export interface CategoryInfo {
  id: string;
  name: string;
  /** The placeholder's label: [LABEL_n]. */
  label: string;
}

export const CATEGORIES: CategoryInfo[] = [
  { id: 'cpf', name: 'CPF', label: 'CPF' },
  { id: 'cnpj', name: 'CNPJ', label: 'CNPJ' },
  { id: 'rg', name: 'RG', label: 'RG' },
  { id: 'cnh', name: 'CNH', label: 'CNH' },
  { id: 'pis', name: 'PIS/PASEP/NIS', label: 'PIS' },
  { id: 'titulo_eleitor', name: 'Título de eleitor', label: 'TITULO' },
  { id: 'cns', name: 'Cartão do SUS', label: 'CNS' },
  { id: 'renavam', name: 'Renavam', label: 'RENAVAM' },
  { id: 'passaporte', name: 'Passaporte', label: 'PASSAPORTE' },
  { id: 'email', name: 'E-mail', label: 'EMAIL' },
  { id: 'telefone', name: 'Telefone', label: 'TELEFONE' },
  { id: 'cartao', name: 'Cartão', label: 'CARTAO' },
  { id: 'conta_bancaria', name: 'Conta bancária', label: 'CONTA' },
  { id: 'chave_pix', name: 'Chave Pix', label: 'PIX' },
  { id: 'placa', name: 'Placa de veículo', label: 'PLACA' },
  { id: 'endereco', name: 'Endereço', label: 'ENDERECO' },
  { id: 'data_nascimento', name: 'Data de nascimento', label: 'NASCIMENTO' },
  { id: 'ip', name: 'Endereço IP', label: 'IP' },
  { id: 'nome', name: 'Nome', label: 'NOME' },
];

const byId = new Map(CATEGORIES.map((c) => [c.id, c]));
const byLabel = new Map(CATEGORIES.map((c) => [c.label, c]));

/** The name people use for a category id; an unknown id is shown as it came. */
export const categoryName = (id: string): string => byId.get(id)?.name ?? id;

/** The category of a placeholder label (CPF, TITULO…), if it is one. */
export const categoryOfLabel = (label: string): CategoryInfo | undefined => byLabel.get(label);

/** Splits a cleaned text into plain parts and placeholders ([CPF_1], [CPF removido]). */
export function placeholders(text: string): (string | { text: string; category: string })[] {
  const parts: (string | { text: string; category: string })[] = [];
  let last = 0;
  for (const m of text.matchAll(/\[([A-Z]+)(?:_\d+| removid[oa])\]/g)) {
    const category = categoryOfLabel(m[1]!);
    if (!category) continue;
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push({ text: m[0], category: category.id });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
