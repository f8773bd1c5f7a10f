// Generated TRAINING documents in the layouts businesses write: e-mail signatures, forms
// ("Label: value" lines), shipping labels, support tickets, WhatsApp chats with nicknames,
// lists of names, and ordinary prose where surnames are nouns ("a pereira do quintal")
// or stand alone in a contrast ("é o Dantas, não o Falcão"). Each document in one of four
// casings: as typed, lower case, UPPER CASE, lower case without accents.
//
// The evaluation sets (bench/business-gen.ts, bench/business-names-gen.ts) are never imported: its templates, labels
// in that order, companies and name lists are not used here, and the names it draws
// (HELD_OUT) are left out of every pool, so that the business figures measure layouts
// and names the model has not seen.
import { type Doc, frequentFirstNames } from './data.js';
import { COMMON_SURNAMES } from './lexicon.js';
import { Rng, Weighted } from './rng.js';
import { chatCase, titleCase } from './template.js';

export const TRAIN_BUSINESS_SEED = 52_2026;

/**
 * First names, surnames and nicknames of the business benches (bench/business-gen.ts,
 * bench/business-names-gen.ts): never drawn here.
 */
const HELD_OUT = new Set(
  `renata otavio gabriela marcelo juliana rodrigo patricia leandro camila thiago aline fabio larissa
  gustavo vanessa eduardo tatiane sergio debora rafael simone henrique bruna mauricio leticia vinicius
  cristiane andre quintela barros lins cordeiro albuquerque moraes teixeira fagundes rezende nogueira
  guimaraes cavalcanti siqueira pacheco figueiredo medeiros bezerra sampaio carvalho tavares peixoto
  brandao monteiro vasconcelos queiroz araujo gabi duda nando re tati dudu leo fabinho
  zizi nenel bubu dinda fabao tete lucca jaque ritinha mo hortencia valdemar iolanda anselmo quiteria
  reinaldo josiane gumercindo seixas amorim bittencourt lacerda prates valadares furtado godinho`.split(
    /\s+/,
  ),
);

/**
 * Nicknames, diminutives and short forms as people write them in chat (own list; the
 * bench's are in HELD_OUT). Many are also everyday words once folded ("fé", "lê", "cá",
 * "vi"): only the context tells them apart.
 */
const NICKNAMES = `Fê Lê Ju Lu Bia Bê Cá Mi Jô Zé Ká Gi Vi Dri Pri Cris Dani Rafa Fabi Gui Lari Mari Vivi
  Bel Nati Manu Malu Lipe Juju Lelê Fefê Cacá Bibi Dedé Lulu Mimi Zezé Tutu Gugu Kiko Nanda Carol Tonho
  Tião Chico Zeca Juca Nico Beto Betinho Carlinhos Marquinhos Pedrinho Aninha Paulinha Zezinho
  Luquinhas Joãozinho Rô Nê Tê Lili Cidinha Fafá Binho Xande Guto Tavinho Dinho Naná Babi Paty Vini
  Teté Bruninho Thiaguinho Jujuba Nandinha Lalá Quel Dani Fer Ale Alê Van Nina Cacau Tuca Deco Juninho
  Nenê Lelo Mica Zuza Pepe Dora Isa Lola Bebel Mila Tainá Jana Kaká Nath Bruh Tom Gabe Ben Caco`
  .split(/\s+/)
  .filter((n) => n !== '' && !HELD_OUT.has(chatCase(n)));

/** Surnames that are ordinary nouns too: lower case in prose, they are trees, animals, things. */
const NOUN_SURNAMES: [string, string][] = [
  ['pereira', 'a'],
  ['oliveira', 'a'],
  ['figueira', 'a'],
  ['nogueira', 'a'],
  ['videira', 'a'],
  ['laranjeira', 'a'],
  ['carneiro', 'o'],
  ['coelho', 'o'],
  ['pinto', 'o'],
  ['lobo', 'o'],
  ['leitão', 'o'],
  ['cordeiro', 'o'],
  ['rocha', 'a'],
  ['pinheiro', 'o'],
  ['carvalho', 'o'],
  ['vieira', 'a'],
  ['raposo', 'o'],
  ['leite', 'o'],
  ['prado', 'o'],
  ['serra', 'a'],
  ['mata', 'a'],
  ['cunha', 'a'],
  ['guerra', 'a'],
  ['ramos', 'os'],
  ['campos', 'os'],
  ['torres', 'as'],
  ['neves', 'as'],
  ['fontes', 'as'],
  ['bezerro', 'o'],
  ['pombo', 'o'],
  ['falcão', 'o'],
  ['corvo', 'o'],
  ['castelo', 'o'],
];

/** What happens to such a noun in ordinary sentences (after "{art} {noun}"). */
const NOUN_PREDICATES = [
  'do sítio deu muita fruta este ano',
  'perto do portão caiu com a chuva',
  'ficou bonita depois da poda',
  'apareceu de novo no quintal',
  'do vizinho está doente',
  'da fazenda foi vendida',
  'que plantamos cresceu rápido',
  'sumiu ontem à noite',
  'estava na beira da estrada',
  'custa caro no mercado',
];

/** Lower-case chat words and short forms that are not names (some are surnames or rare first names). */
const CHAT_WORDS =
  `td tds blz vlw tmj pfv pfvr obg brigado mds sdds kkk kkkk rsrs hj amn fds msm tbm vc vcs pq
  q n s ss nd nda qnd qdo cmg ctg dnv agr flw tlgd sla mto mt moro mora tava to ta bora partiu
  show top massa firmeza suave tranquilo certinho beleza bele eai opa`.split(/\s+/);

/** Ways to greet; the word after a greeting is often whom it addresses. */
const GREETINGS = [
  'oi',
  'oii',
  'olá',
  'opa',
  'eae',
  'e aí',
  'bom dia',
  'boa tarde',
  'boa noite',
  'salve',
  'alô',
  'ei',
  'valeu',
  'obrigada',
  'obrigado',
  'brigado',
  'tchau',
  'bjs',
  'parabéns',
];
/** What follows the addressee in a chat message. */
const AFTER_ADDRESSEE = [
  ', tudo certo?',
  ' td certo?',
  ' tudo tranquilo?',
  ', tudo bem com vc?',
  ' td bom?',
  ' como vc ta?',
  ' beleza?',
  ' bele?',
  '!',
  '!!',
  ' :)',
  ', conseguiu ver?',
  ' chegou aqui agora',
  ' me liga qd puder',
  ', sabe se já saiu?',
  ' kkk',
  ', firmeza?',
  ' td joia?',
  ' tudo joia?',
  ' bom demais',
  ' pela ajuda',
  ' por tudo',
];
/** Greetings addressed to nobody in particular. */
const TO_NOBODY = [
  'gente',
  'pessoal',
  'galera',
  'grupo',
  'a todos',
  'td bem',
  'tudo bem',
  'tudo certo',
  'td certo',
  'amiga',
  'amigo',
  'moça',
  'moço',
  'querida',
  'chefe',
  'meu amor',
  'vizinha',
  'mesmo',
  'demais',
  'viu',
  'sumida',
  'mano',
  'cara',
  'bb',
];

const CLOSINGS = [
  'Cordialmente,',
  'Um abraço,',
  'Abs,',
  'Saudações,',
  'Até breve,',
  'Obrigada,',
  'Sds,',
  'Respeitosamente,',
  'Fico à disposição,',
  'Grata,',
  'Valeu,',
  'Forte abraço,',
];
const JOB_TITLES = [
  'Supervisora de Logística',
  'Assistente Administrativo',
  'Consultor de Vendas',
  'Analista Fiscal',
  'Sócia-diretora',
  'Coordenador de Projetos',
  'Gerente de Contas',
  'Auxiliar de Faturamento',
  'Recepcionista',
  'Engenheira de Produção',
  'Técnico de Suporte',
  'Advogada',
  'Contador',
];
const COMPANIES = [
  'Pampa Têxtil Ltda',
  'Ribeira Comércio de Peças',
  'Nexo Seguros S.A.',
  'Ipê Amarelo Alimentos',
  'Maré Alta Turismo',
  'Cerrado Agro Ltda',
  'Farol Contabilidade',
  'Atlântica Embalagens',
  'Serra Azul Transportes',
  'Grupo Horizonte',
];
const NAME_LABELS = [
  'Nome',
  'Nome completo',
  'Paciente',
  'Responsável',
  'Destinatário',
  'Titular',
  'Beneficiário',
  'Segurado',
  'Aluno',
  'Solicitante',
  'Requerente',
  'Recebedor',
  'Favorecido',
  'Acompanhante',
  'Médico',
  'Vendedor',
  'Comprador',
  'Locatário',
  'Fiador',
  'Proprietário',
  'Motorista',
  'Passageiro',
  'Hóspede',
  'Condutor',
  'Testemunha',
  'Mãe',
  'Pai',
  'Cônjuge',
  'Atendente',
  'Tutor',
  'Contato',
  'A/C',
  'Aos cuidados de',
];
/** Labels whose values are not names, with values. */
const OTHER_FIELDS: [string, readonly string[]][] = [
  ['Setor', ['Compras', 'Expedição', 'Financeiro', 'Qualidade', 'Recursos Humanos']],
  ['Plano', ['Ouro', 'Básico', 'Empresarial', 'Família']],
  ['Estado civil', ['casado', 'solteira', 'divorciado', 'viúva', 'união estável']],
  ['Nacionalidade', ['brasileira', 'portuguesa', 'brasileiro']],
  ['Profissão', ['motorista', 'professora', 'autônomo', 'enfermeira', 'pedreiro', 'vendedor']],
  ['Convênio', ['particular', 'empresa', 'sem convênio']],
  ['Forma de pagamento', ['boleto', 'cartão', 'pix', 'dinheiro']],
  ['Prioridade', ['alta', 'média', 'baixa', 'urgente']],
  ['Status', ['em andamento', 'aguardando cliente', 'resolvido', 'aberto']],
  ['Turno', ['manhã', 'tarde', 'noite', 'integral']],
  ['Obs.', ['deixar na portaria', 'frágil', 'entregar em horário comercial', 'sem observações']],
];
const FORM_TITLES = [
  'CADASTRO DE CLIENTE',
  'FICHA DE MATRÍCULA',
  'SOLICITAÇÃO DE REEMBOLSO',
  'ORDEM DE SERVIÇO',
  'Termo de Responsabilidade',
  'Autorização de Retirada',
  'Check-in',
  'Formulário de Atendimento',
];
/** Registers, documents and codes written before a number. */
const ID_LABELS = [
  'Chassi',
  'Renavam',
  'Matrícula',
  'Protocolo',
  'Apólice',
  'Lote',
  'Série',
  'Prontuário',
  'NIS',
  'CNH',
  'Patrimônio',
  'Inscrição',
  'Lacre',
];
const STREETS = [
  'Rua das Palmeiras',
  'Av. Brasil',
  'Rua Quinze de Novembro',
  'Travessa do Comércio',
  'Rua Almirante Barroso',
  'Avenida Independência',
  'R. São Bento',
  'Rua do Ouvidor',
  'Estrada Velha',
  'Alameda dos Anjos',
  'Rua Voluntários da Pátria',
  'Av. Getúlio Vargas',
];
const HOODS = ['Centro', 'Bela Vista', 'Jardim América', 'Santa Cecília', 'Alto da Glória', 'Cidade Nova'];
const CITIES = [
  'Londrina/PR',
  'Caxias do Sul - RS',
  'Uberlândia/MG',
  'Maceió - AL',
  'Joinville/SC',
  'Sorocaba/SP',
  'Natal/RN',
];

/** A document under construction: text and gold name spans. */
class Draft {
  text = '';
  spans: [number, number][] = [];
  t(s: string): this {
    this.text += s;
    return this;
  }
  name(s: string): this {
    this.spans.push([this.text.length, this.text.length + s.length]);
    this.text += s;
    return this;
  }
}

interface Pools {
  first: () => string;
  /** A surname in a full name: the hand list or one the trainer treats as unknown. */
  surname: () => string;
  /**
   * A surname standing alone after an article: the hand list only. An unknown capitalised
   * word after "o"/"a" is as often a firm no list knows ("a Plamed"); generated text that
   * called it a name cost 30 false alarms on the dev corpora (first try of this round).
   */
  alone: () => string;
  /** A firm with a coined name ("Vidrotec"), in the places where a surname alone could stand. */
  firm: () => string;
  full: () => string;
  nick: () => string;
}

const digits = (rng: Rng, n: number) => {
  let s = '';
  for (let i = 0; i < n; i++) s += String(rng.int(10));
  return s;
};
const phone = (rng: Rng) =>
  rng.pick([
    `(${11 + rng.int(88)}) 9${digits(rng, 4)}-${digits(rng, 4)}`,
    `${11 + rng.int(88)} 9${digits(rng, 4)} ${digits(rng, 4)}`,
    `+55 ${11 + rng.int(88)} 9${digits(rng, 4)}-${digits(rng, 4)}`,
  ]);
const emailOf = (rng: Rng, name: string) => {
  const w = chatCase(name).split(' ');
  return `${w[0]}${rng.pick(['.', '_', ''])}${w[w.length - 1]}@${rng.pick(['exemplo.com.br', 'correio.net', 'mail.com'])}`;
};

type Layout = (d: Draft, rng: Rng, p: Pools) => void;

const signature: Layout = (d, rng, p) => {
  const r = rng.next();
  if (r < 0.3)
    d.t(`${rng.pick(['Olá', 'Caro', 'Cara', 'Boa tarde,', 'Bom dia,'])} `)
      .name(p.first())
      .t(',\n\n');
  else if (r < 0.45) d.t(`Prezado Sr. `).name(p.alone()).t(',\n\n');
  else if (r < 0.6) d.name(p.first()).t(', tudo bem?\n\n');
  d.t(
    rng.pick([
      'Conforme combinado, envio o orçamento revisado.',
      'Estou à disposição para qualquer dúvida.',
      'Confirmo o recebimento dos documentos.',
      'Seguem as notas fiscais do mês.',
      'Podemos remarcar a visita técnica para quinta?',
    ]),
  );
  d.t(`\n\n${rng.pick(CLOSINGS)}\n`);
  const me = rng.chance(0.2) ? p.first() : p.full();
  d.name(me);
  const role = rng.chance(0.7);
  if (role && rng.chance(0.3)) d.t(` | ${rng.pick(JOB_TITLES)}`);
  else if (role) d.t(`\n${rng.pick(JOB_TITLES)}`);
  if (rng.chance(0.7)) d.t(`\n${rng.chance(0.5) ? rng.pick(COMPANIES) : p.firm()}`);
  if (rng.chance(0.6)) d.t(`\n${emailOf(rng, me)}`);
  if (rng.chance(0.6)) d.t(`\n${rng.pick(['Cel.: ', 'Tel: ', 'WhatsApp ', 'Fone ', ''])}${phone(rng)}`);
};

const form: Layout = (d, rng, p) => {
  d.t(`${rng.pick(FORM_TITLES)}\n`);
  const lines = 3 + rng.int(4);
  const sep = rng.pick([': ', ': ', ':\t', ' - ']);
  for (let i = 0; i < lines; i++) {
    if (i > 0) d.t(rng.chance(0.15) ? ' | ' : '\n');
    if (rng.chance(0.45)) {
      d.t(`${rng.pick(NAME_LABELS)}${sep}`).name(rng.chance(0.85) ? p.full() : p.first());
    } else if (rng.chance(0.3)) {
      const [field, value] = rng.pick([
        ['CPF', `${digits(rng, 3)}.${digits(rng, 3)}.${digits(rng, 3)}-${digits(rng, 2)}`],
        ['Telefone', phone(rng)],
        ['Nascimento', `${10 + rng.int(18)}/0${1 + rng.int(9)}/19${50 + rng.int(50)}`],
        ['Data', `${10 + rng.int(18)}/${10 + rng.int(3)}/2025`],
      ] as const);
      d.t(`${field}${sep}${value}`);
    } else {
      const [label, values] = rng.pick(OTHER_FIELDS);
      if (rng.chance(0.3))
        d.t(`${rng.pick(['Empresa', 'Fornecedor', 'Fabricante', 'Loja'])}${sep}${p.firm()}`);
      else d.t(`${label}${sep}${rng.pick(values)}`);
    }
  }
};

const address = (d: Draft, rng: Rng) => {
  d.t(`${rng.pick(STREETS)}, ${1 + rng.int(3000)}`);
  if (rng.chance(0.4)) d.t(rng.pick([`, apto ${1 + rng.int(900)}`, ', fundos', `, casa ${1 + rng.int(9)}`]));
  d.t(`\n${rng.pick(HOODS)}\n${rng.pick(CITIES)}\nCEP ${digits(rng, 5)}-${digits(rng, 3)}`);
};

const label: Layout = (d, rng, p) => {
  const heads = rng.pick([
    ['DE:', 'PARA:'],
    ['Remetente', 'Destinatário'],
    ['Origem:', 'Entregar para:'],
    ['Enviado por:', 'A/C'],
  ]);
  for (const head of heads) {
    d.t(head)
      .t(rng.chance(0.6) ? '\n' : ' ')
      .name(p.full())
      .t('\n');
    address(d, rng);
    if (rng.chance(0.3)) d.t(`\nTel. ${phone(rng)}`);
    d.t('\n\n');
  }
  d.t(
    `Volume ${1 + rng.int(5)}/${5 + rng.int(5)} — rastreio ${rng.pick(['BR', 'QX', 'LB'])}${digits(rng, 9)}BR`,
  );
};

const ticket: Layout = (d, rng, p) => {
  d.t(`Ticket #${digits(rng, 6)} — aberto por `)
    .name(p.full())
    .t('\n');
  d.t(`Atendente: `)
    .name(rng.chance(0.5) ? p.first() : p.full())
    .t('\n');
  d.t(`Status: ${rng.pick(['em andamento', 'aguardando', 'resolvido'])}\n`);
  // Names of registers and documents before their numbers are not people ("Renavam 123…").
  d.t(
    `${rng.pick(['Equipamento', 'Veículo', 'Contrato', 'Imóvel'])}: ${rng.pick(ID_LABELS)} ${digits(rng, 8)}, `,
  );
  d.t(`${rng.pick(ID_LABELS)} ${digits(rng, 6)}\n\n`);
  const r = rng.next();
  if (r < 0.4) d.t('Cliente ').name(p.full()).t(' relata que o equipamento não liga desde a última visita.');
  else if (r < 0.7) d.t('Conversei com a ').name(p.first()).t(' do financeiro e o estorno já foi pedido.');
  else d.t('Repassado para o ').name(p.alone()).t(', que cuida da conta desde março.');
  d.t(`\n— atualizado por `)
    .name(p.first())
    .t(` em ${1 + rng.int(28)}/${1 + rng.int(12)}`);
};

const chat: Layout = (d, rng, p) => {
  const lines = 1 + rng.int(4);
  for (let i = 0; i < lines; i++) {
    if (i > 0) d.t('\n');
    if (rng.chance(0.3))
      d.t(`[${10 + rng.int(12)}:${10 + rng.int(49)}] `)
        .name(p.nick())
        .t(': ');
    const r = rng.next();
    if (r < 0.45) {
      d.t(`${rng.pick(GREETINGS)}${rng.chance(0.2) ? ',' : ''} `).name(p.nick());
      d.t(rng.pick(AFTER_ADDRESSEE));
    } else if (r < 0.65) {
      d.t(`${rng.pick(GREETINGS)} ${rng.pick(TO_NOBODY)}${rng.pick(['', '!', '?', ' kkk', ','])}`);
    } else if (r < 0.75) {
      d.t(`${rng.pick(['a', 'o'])} `)
        .name(p.nick())
        .t(rng.pick([' vai passar aí', ' já pagou', ' n respondeu', ' mandou o comprovante']));
    } else if (r < 0.85) {
      d.t(
        `${rng.pick(['moro', 'to', 'tava', 'fico'])} ${rng.pick(['perto do mercado', 'na rua de baixo', 'longe', 'no centro'])} ${rng.pick(CHAT_WORDS)}`,
      );
    } else {
      d.t(
        `${rng.pick(CHAT_WORDS)} ${rng.pick(CHAT_WORDS)}, ${rng.pick(['amanhã eu vejo', 'chego 18h', 'pode deixar', 'ja mandei'])}`,
      );
    }
  }
};

const list: Layout = (d, rng, p) => {
  const n = 2 + rng.int(4);
  const kind = rng.next();
  // A third of the lists are of firms no list knows: a list is no proof of names.
  const firms = kind < 0.33;
  const who = () => (kind < 0.66 ? p.nick() : rng.chance(0.5) ? p.full() : p.first());
  const style = rng.int(6);
  if (firms) {
    d.t(rng.pick(['Fornecedores', 'Transportadoras', 'Parceiros', 'Orçamentos recebidos', 'Marcas']));
    d.t(rng.pick([':\n', ': ', '\n']));
    for (let i = 0; i < n; i++) {
      d.t(i === 0 ? '' : rng.pick([', ', ' / ', '\n- ', ' | ', `\n${i + 1}. `])).t(p.firm());
    }
    return;
  }
  d.t(rng.pick(['Escala de sábado', 'Convidados', 'Equipe', 'Quem confirmou', 'Plantão', 'Turma da tarde']));
  d.t(rng.pick([':\n', ': ', '\n']));
  for (let i = 0; i < n; i++) {
    if (style === 0)
      d.t(`${i + 1}. `)
        .name(who())
        .t(i + 1 < n ? ' ' : '');
    else if (style === 1) d.t(`${i > 0 ? '\n' : ''}- `).name(who());
    else if (style === 2)
      d.t(`${i + 1}) `)
        .name(who())
        .t(i + 1 < n ? '; ' : '');
    else if (style === 3) d.t(i === 0 ? '' : i + 1 < n ? ', ' : ' e ').name(who());
    else if (style === 4) d.t(i === 0 ? '' : rng.pick([' / ', ' | ', '\t', ' - '])).name(who());
    else d.t(`${i > 0 ? '\n' : ''}${rng.pick(['• ', '* ', '> ', ''])}`).name(who());
  }
};

const prose: Layout = (d, rng, p) => {
  const r = rng.next();
  if (r < 0.35) {
    const [noun, art] = rng.pick(NOUN_SURNAMES);
    d.t(
      `${rng.chance(0.5) ? art.charAt(0).toUpperCase() + art.slice(1) : art} ${noun} ${rng.pick(NOUN_PREDICATES)}.`,
    );
  } else if (r < 0.7) {
    const [a, b] = [p.alone(), p.alone()];
    const v = rng.pick([
      ['Quem aprovou foi o ', '; o ', ' só revisou.'],
      ['O responsável é o ', ', e não o ', '.'],
      ['Fale com a ', ', não com a ', ', sobre o reembolso.'],
      ['Quem vai assinar é a ', ' — o ', ' está de férias.'],
      ['Não foi o ', ' que ligou, foi o ', '.'],
    ]);
    d.t(v[0]!).name(a).t(v[1]!).name(b).t(v[2]!);
  } else if (r < 0.85) {
    d.t(rng.pick(['A ', 'Segundo a ', 'Quem entrega é a ', 'Pedimos à ', 'O boleto da ']));
    d.t(p.firm());
    d.t(
      rng.pick([' confirmou o prazo.', ', não a transportadora, responde pela troca.', ' atrasou de novo.']),
    );
  } else {
    d.t(rng.pick(['Segundo o ', 'Para a ', 'De acordo com o '])).name(p.alone());
    d.t(rng.pick([', o prazo vence na sexta.', ', falta a assinatura do contrato.', ', a entrega atrasou.']));
  }
};

const LAYOUTS: [Layout, number][] = [
  [signature, 3],
  [form, 3],
  [label, 2],
  [ticket, 1],
  [chat, 4],
  [list, 2],
  [prose, 3],
];

type Casing = (s: string) => string;
const upper: Casing = (s) =>
  Array.from(s, (c) => (c.toUpperCase().length === 1 ? c.toUpperCase() : c)).join('');
const lower: Casing = (s) =>
  Array.from(s, (c) => (c.toLowerCase().length === 1 ? c.toLowerCase() : c)).join('');
const CASINGS: [Casing, number][] = [
  [(s) => s, 4],
  [lower, 2],
  [upper, 2],
  [chatCase, 2],
];

const FIRM_HEADS = [
  'Vidro',
  'Metal',
  'Agro',
  'Eletro',
  'Termo',
  'Hidro',
  'Trans',
  'Auto',
  'Nutri',
  'Farma',
  'Info',
  'Moto',
  'Plast',
  'Madei',
];
const FIRM_TAILS = [
  'tec',
  'log',
  'mix',
  'flex',
  'sul',
  'max',
  'nor',
  'brás',
  'lar',
  'pel',
  'quim',
  'sete',
  'var',
];

/** A firm's coined name ("Vidrotec", "Agromix"): a capitalised word no list knows that is no person. */
function coinedFirm(rng: Rng): string {
  return rng.pick(FIRM_HEADS) + rng.pick(FIRM_TAILS);
}

const CONSONANTS = 'bcdfgjlmnptvzk';
const VOWELS = 'aeiou';
const ACCENTED: Record<string, string> = { a: 'á', e: 'ê', i: 'í', o: 'ô', u: 'ú' };

/**
 * A nickname as Brazilians make them, most of them in no list: from the hand list, a
 * repeated syllable ("Lulu", "Kaká"), a first name cut short with an ending ("Carlão",
 * "Robi", "Marcel"), or its diminutive ("Paulinho", "Marcinha").
 */
function coinedNickname(rng: Rng, first: string): string {
  const r = rng.next();
  if (r < 0.35) return rng.pick(NICKNAMES);
  if (r < 0.6) {
    const c = CONSONANTS.charAt(rng.int(CONSONANTS.length));
    const v = VOWELS.charAt(rng.int(VOWELS.length));
    return titleCase(`${c}${v}${c}${rng.chance(0.4) ? ACCENTED[v] : v}`);
  }
  const m = /^(.{3,})([oa])$/.exec(first);
  if (r < 0.8 || m === null) {
    const cut = first.slice(0, 3 + rng.int(2));
    return titleCase(cut + rng.pick(['ão', 'el', 'i', 'a', 'ito', 'uca', 'eca', 'ó', 'zinho']));
  }
  return titleCase(`${m[1]}${m[2] === 'o' ? 'inho' : 'inha'}`);
}

/**
 * `count` documents. Surnames: the hand list, and for a third of the names the surnames
 * learned from the corpora (which the trainer featurises as unknown words).
 */
export function trainBusinessDocs(
  count: number,
  learnedSurnames: readonly string[],
  seed = TRAIN_BUSINESS_SEED,
): Doc[] {
  const rng = new Rng(seed);
  const freq = frequentFirstNames(100);
  const keep = freq.names.map((n) => !HELD_OUT.has(n));
  const firstW = new Weighted(
    freq.names.filter((_, i) => keep[i]),
    freq.weights.filter((_, i) => keep[i]),
  );
  const known = COMMON_SURNAMES.filter((s) => !HELD_OUT.has(s) && s.length > 3);
  const learned = learnedSurnames.filter((s) => !HELD_OUT.has(s));
  const surname = () =>
    titleCase(rng.chance(0.33) && learned.length > 0 ? rng.pick(learned) : rng.pick(known));
  const first = () => titleCase(firstW.draw(rng));
  /** Whether the document being drawn is in lower case (see the loop below). */
  let coinedAllowed = false;
  const pools: Pools = {
    first,
    surname,
    full: () => {
      const parts = [first()];
      if (rng.chance(0.15)) parts.push(first());
      if (rng.chance(0.2)) parts.push(rng.pick(['da', 'de', 'dos']));
      parts.push(surname());
      if (rng.chance(0.45)) parts.push(surname());
      return parts.join(' ');
    },
    alone: () => titleCase(rng.pick(known)),
    firm: () => coinedFirm(rng),
    nick: () => {
      if (!coinedAllowed) return rng.pick(NICKNAMES);
      for (;;) {
        const nick = coinedNickname(rng, chatCase(firstW.draw(rng)));
        if (!HELD_OUT.has(chatCase(nick))) return nick;
      }
    },
  };
  const layouts = new Weighted(
    LAYOUTS.map(([l]) => l),
    LAYOUTS.map(([, w]) => w),
  );
  const casings = new Weighted(
    CASINGS.map(([c]) => c),
    CASINGS.map(([, w]) => w),
  );
  const docs: Doc[] = [];
  for (let i = 0; i < count; i++) {
    const d = new Draft();
    const casing = casings.draw(rng);
    // Nicknames no list knows only in lower-case text: capitalised, an unknown word is
    // as often a firm or a product ("Java", "Lisnave"), and teaching it as a name cost
    // 40 false alarms on the dev corpora (second try of this round).
    coinedAllowed = casing === lower || casing === chatCase;
    layouts.draw(rng)(d, rng, pools);
    const text = casing(d.text);
    if (text.length !== d.text.length) throw new Error('a casing changed the length of a document');
    docs.push({ text, spans: d.spans });
  }
  return docs;
}
