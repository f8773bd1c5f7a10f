// Words that are evidence against a person name (public, general knowledge): parts of
// organisation names, currencies, party acronyms and the "PARTY-UF" tags that follow a
// politician's name, and contact labels that are never part of a name.

/** Organisation words: a capitalised run containing them is usually not a person. */
export const ORG_WORDS = `
ltda sa s/a me eireli cia companhia empresa empresas grupo holding banco bancos tribunal tribunais
supremo superior federal estadual municipal ministerio secretaria procuradoria defensoria
promotoria prefeitura camara senado assembleia congresso governo conselho comissao agencia
autarquia fundacao instituto associacao sindicato federacao confederacao cooperativa partido
universidade faculdade departamento diretoria coordenacao superintendencia delegacia policia
receita fazenda previdencia inss cade stf stj tst tse trf trt tj oab cnj mpf anatel anvisa
petrobras eletrobras vale embraer correios caixa bradesco itau santander nubank
industria comercio servicos participacoes transportes engenharia construtora incorporadora
industrias industrial industriais equipamentos comercial distribuidora transportadora consultoria
empreendimentos construcoes confeccoes alimentos produtos tecnologia sistemas solucoes advogados
associados irmaos filhos inc corp llc gmbh plc
`
  .trim()
  .split(/\s+/);

/** Currencies and their words: "R$ 200 reais", "US$", "dólares". */
export const CURRENCY_WORDS = `
real reais dolar dolares euro euros libra libras iene ienes peso pesos yuan cruzeiro cruzeiros
cruzado cruzados centavo centavos brl usd eur gbp us
`
  .trim()
  .split(/\s+/);

/** Contact labels: never part of a name ("João Silva E-mail:", "Tel: ..."). */
export const CONTACT_WORDS = `
e-mail email tel fone telefone telefones cel celular whatsapp zap fax cpf cnpj rg cep end endereco
site www http https ramal
`
  .trim()
  .split(/\s+/);

/** Brazilian party acronyms, past and present. */
export const PARTIES = `
pt psdb pmdb mdb dem pfl pp psd psb pdt ptb pl psol pcdob pv rede cidadania pps novo podemos pode
avante solidariedade pros psc republicanos prb patriota ptc pmn dc psdc pcb pco pstu pmb up uniao
`
  .trim()
  .split(/\s+/);

export const UF_CODES = `
ac al ap am ba ce df es go ma mt ms mg pa pb pr pe pi rj rn rs ro rr sc sp se to
`
  .trim()
  .split(/\s+/);

/** Party and party-UF tags ("dem-sp", "pt-ba") and the UF codes themselves. */
export function partyTags(): string[] {
  const out = [...PARTIES, ...UF_CODES];
  for (const p of PARTIES) for (const uf of UF_CODES) out.push(`${p}-${uf}`);
  return out;
}
