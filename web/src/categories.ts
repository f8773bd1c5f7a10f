// The categories of personal data as people read them: the Portuguese name, the label of
// their placeholders ([TITULO_1], [CARTAO removido]) and the CSS class of their colour.
// The server keeps the same names (src/gateway/orgs/category-names.ts); a server test holds
// the two tables to each other, so a category added to the barrier is named in both.
export interface CategoryInfo {
  category: string;
  label: string;
  name: string;
}

export const CATEGORY_INFO: readonly CategoryInfo[] = [
  { category: 'cpf', label: 'CPF', name: 'CPF' },
  { category: 'cnpj', label: 'CNPJ', name: 'CNPJ' },
  { category: 'rg', label: 'RG', name: 'RG' },
  { category: 'cnh', label: 'CNH', name: 'CNH' },
  { category: 'pis', label: 'PIS', name: 'PIS/PASEP/NIS' },
  { category: 'titulo_eleitor', label: 'TITULO', name: 'Título de eleitor' },
  { category: 'cns', label: 'CNS', name: 'Cartão do SUS' },
  { category: 'renavam', label: 'RENAVAM', name: 'RENAVAM' },
  { category: 'passaporte', label: 'PASSAPORTE', name: 'Passaporte' },
  { category: 'email', label: 'EMAIL', name: 'E-mail' },
  { category: 'telefone', label: 'TELEFONE', name: 'Telefone' },
  { category: 'cartao', label: 'CARTAO', name: 'Cartão de pagamento' },
  { category: 'conta_bancaria', label: 'CONTA', name: 'Agência e conta' },
  { category: 'chave_pix', label: 'PIX', name: 'Chave Pix aleatória' },
  { category: 'placa', label: 'PLACA', name: 'Placa de veículo' },
  { category: 'endereco', label: 'ENDERECO', name: 'Endereço' },
  { category: 'data_nascimento', label: 'NASCIMENTO', name: 'Data de nascimento' },
  { category: 'ip', label: 'IP', name: 'Endereço IP' },
  { category: 'nome', label: 'NOME', name: 'Nome' },
];

const byCategory = new Map(CATEGORY_INFO.map((c) => [c.category, c]));
const byLabel = new Map(CATEGORY_INFO.map((c) => [c.label, c]));

/** The Portuguese name of a category code (the code itself for one this page does not know). */
export function categoryName(code: string): string {
  return byCategory.get(code)?.name ?? code;
}

/** The colour class of a placeholder label such as TITULO (styles.css: `.ph-<category>`). */
export function placeholderClass(label: string): string {
  const info = byLabel.get(label);
  return info ? `ph ph-${info.category}` : 'ph';
}

/** `{cpf: 1, email: 2}` as people read it: "CPF: 1, E-mail: 2". */
export function findingsText(findings: Record<string, number>): string {
  const parts = Object.entries(findings).map(([c, n]) => `${categoryName(c)}: ${n}`);
  return parts.length > 0 ? parts.join(', ') : 'nenhum';
}

/** Splits a cleaned text into plain parts and placeholders ([CPF_1], [CPF removido]). */
export function placeholders(text: string): (string | { text: string; category: string })[] {
  const parts: (string | { text: string; category: string })[] = [];
  let last = 0;
  for (const m of text.matchAll(/\[([A-Z]+)(?:_\d+| removid[oa])\]/g)) {
    const info = byLabel.get(m[1]!);
    if (!info) continue;
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push({ text: m[0], category: info.category });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
