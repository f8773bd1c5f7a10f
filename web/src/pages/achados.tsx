// The findings of a cleaning, as the playground shows them (text and images alike): one
// row per category, its count and what was done with it. Never values.

export interface Finding {
  category: string;
  count: number;
  action: string;
}

const CATEGORY: Record<string, string> = {
  cpf: 'CPF',
  cnpj: 'CNPJ',
  rg: 'RG',
  cnh: 'CNH',
  pis: 'PIS/PASEP/NIS',
  titulo_eleitor: 'Título de eleitor',
  cns: 'Cartão do SUS',
  renavam: 'RENAVAM',
  passaporte: 'Passaporte',
  email: 'E-mail',
  telefone: 'Telefone',
  cartao: 'Cartão de pagamento',
  conta_bancaria: 'Agência e conta',
  chave_pix: 'Chave Pix aleatória',
  placa: 'Placa de veículo',
  endereco: 'Endereço',
  data_nascimento: 'Data de nascimento',
  ip: 'Endereço IP',
  nome: 'Nome',
};

const ACTION: Record<string, string> = {
  placeholder: 'trocado por marcador',
  redact: 'removido',
  block: 'bloqueado',
};

export function Findings({ findings, action }: { findings: Finding[]; action?: (a: string) => string }) {
  return (
    <div class="table-wrap">
      <table>
        <caption>Achados</caption>
        <thead>
          <tr>
            <th scope="col">Categoria</th>
            <th scope="col">Quantidade</th>
            <th scope="col">Ação</th>
          </tr>
        </thead>
        <tbody>
          {findings.length === 0 ? (
            <tr>
              <td colSpan={3}>Nenhum dado pessoal encontrado.</td>
            </tr>
          ) : (
            findings.map((f) => (
              <tr key={f.category}>
                <td>{CATEGORY[f.category] ?? f.category}</td>
                <td>{f.count}</td>
                <td>{action ? action(f.action) : (ACTION[f.action] ?? f.action)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
