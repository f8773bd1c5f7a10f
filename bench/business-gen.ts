// A generated set of business texts as people lay them out — e-mails with signature
// blocks, WhatsApp messages (typos, no accents, lower case), HR and clinic forms,
// shipping labels, support tickets, legal notes, travel forms, Pix chats — each in
// every casing, with valid check digits, personal items seeded per category and decoys
// that must stay (process numbers, orders, protocols, prices, dates of other things).
// Every name, street and company is invented. Two splits from different seeds: `dev`
// (readable) and `sealed` (figures only; its templates include some `dev` never has).
import * as g from './documents-gen.js';
import { cnpjChars, cpfDigits, fmtCnpj, fmtCpf, fmtPhone, pick, type Rng, rng } from './privacy-gen.js';

const { int, digits } = g;

/** One personal item: the report category it counts in and the spans that must all be masked. */
export interface Item {
  kind: string;
  parts: [number, number][];
}

export interface BusinessDoc {
  layout: string;
  casing: Casing;
  text: string;
  items: Item[];
  /** Spans that must stay untouched. */
  decoys: [number, number][];
}

export type Casing = 'as typed' | 'lower' | 'upper' | 'lower, no accents';

/** Builds a text while recording where items and decoys land. */
class Builder {
  text = '';
  items: Item[] = [];
  decoys: [number, number][] = [];
  #open: Item | null = null;

  t(s: string): this {
    this.text += s;
    return this;
  }
  /** A personal value; several calls between open() and close() make one item. */
  p(kind: string, s: string): this {
    const span: [number, number] = [this.text.length, this.text.length + s.length];
    this.text += s;
    if (this.#open) this.#open.parts.push(span);
    else this.items.push({ kind, parts: [span] });
    return this;
  }
  open(kind: string): this {
    this.#open = { kind, parts: [] };
    return this;
  }
  close(): this {
    if (this.#open && this.#open.parts.length > 0) this.items.push(this.#open);
    this.#open = null;
    return this;
  }
  /** Text pasted as is (a Pix payload): no casing applies to it. */
  verbatim: [number, number][] = [];
  /** A pasted value whose personal parts are `parts` (offsets into `s`), as one item. */
  pasted(kind: string, s: string, parts: [number, number][]): this {
    const at = this.text.length;
    this.verbatim.push([at, at + s.length]);
    this.items.push({ kind, parts: parts.map(([a, b]) => [at + a, at + b]) });
    this.text += s;
    return this;
  }
  d(s: string): this {
    this.decoys.push([this.text.length, this.text.length + s.length]);
    this.text += s;
    return this;
  }
}

const FIRST = [
  'Renata',
  'Otávio',
  'Gabriela',
  'Marcelo',
  'Juliana',
  'Rodrigo',
  'Patrícia',
  'Leandro',
  'Camila',
  'Thiago',
  'Aline',
  'Fábio',
  'Larissa',
  'Gustavo',
  'Vanessa',
  'Eduardo',
  'Tatiane',
  'Sérgio',
  'Débora',
  'Rafael',
  'Simone',
  'Henrique',
  'Bruna',
  'Maurício',
  'Letícia',
  'Vinícius',
  'Cristiane',
  'André',
];
const LAST = [
  'Quintela',
  'Barros',
  'Lins',
  'Cordeiro',
  'Albuquerque',
  'Moraes',
  'Teixeira',
  'Fagundes',
  'Rezende',
  'Nogueira',
  'Guimarães',
  'Cavalcanti',
  'Siqueira',
  'Pacheco',
  'Figueiredo',
  'Medeiros',
  'Bezerra',
  'Sampaio',
  'Carvalho',
  'Tavares',
  'Peixoto',
  'Brandão',
  'Monteiro',
  'Vasconcelos',
  'Queiroz',
  'Araújo',
];
const STREET_TYPE = ['Rua', 'Rua', 'Av.', 'Avenida', 'Travessa', 'Alameda', 'R.'];
const STREET = [
  'das Acácias',
  'Tiradentes',
  'Sete de Setembro',
  'Marechal Floriano',
  'Dom Pedro II',
  'dos Andradas',
  'Coronel Bordini',
  'Padre Chagas',
  'Visconde de Pirajá',
  'Santos Dumont',
  'Benjamin Constant',
];
const HOOD = [
  'Jardim Botânico',
  'Centro',
  'Boa Vista',
  'Vila Mariana',
  'Moinhos de Vento',
  'Savassi',
  'Meireles',
];
const CITY: [string, string][] = [
  ['Porto Alegre', 'RS'],
  ['São Paulo', 'SP'],
  ['Belo Horizonte', 'MG'],
  ['Recife', 'PE'],
  ['Curitiba', 'PR'],
  ['Fortaleza', 'CE'],
  ['Campinas', 'SP'],
  ['Salvador', 'BA'],
];
const COMPANY = [
  'Lumen Engenharia Ltda.',
  'Casa Verde Alimentos',
  'Orbita Logística S.A.',
  'Vértice Contábil',
];
const ROLE = ['Gerente de Compras', 'Analista de RH', 'Coordenadora Financeira', 'Diretor Comercial'];
const NICK = ['Gabi', 'Duda', 'Nando', 'Rê', 'Tati', 'Dudu', 'Léo', 'Fabinho'];

const p2 = (n: number) => String(n).padStart(2, '0');

interface Person {
  first: string;
  full: string;
  email: string;
}
function person(r: Rng): Person {
  const first = pick(r, FIRST);
  const a = pick(r, LAST);
  let b = pick(r, LAST);
  while (b === a) b = pick(r, LAST);
  const full = r() < 0.6 ? `${first} ${a} ${b}` : `${first} ${b}`;
  const plain = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const email = `${plain(first)}${pick(r, ['.', '_', ''])}${plain(b)}@${pick(r, ['gmail.com', 'empresa.com.br', 'hotmail.com', 'lumen.eng.br'])}`;
  return { first, full, email };
}

const cpf = (r: Rng) => fmtCpf(r, cpfDigits(r));
const cep = (r: Rng) => `${int(r, 10, 99)}${digits(r, 3)}-${digits(r, 3)}`;

/** A street line: type, name, number and (often) a complement, after ", " or " - ". */
function streetLine(r: Rng): string {
  const comp = pick(r, [
    '',
    `apto ${int(r, 11, 1204)}`,
    `casa ${int(r, 1, 9)}`,
    `sala ${int(r, 101, 1810)}`,
    `bloco ${g.letters(r, 1)}`,
  ]);
  const sep = pick(r, [', ', ' - ']);
  return `${pick(r, STREET_TYPE)} ${pick(r, STREET)}, ${int(r, 1, 4999)}${comp ? sep + comp : ''}`;
}

/** A whole address on one line: street through CEP, as one item; the CEP also counted alone. */
function addressLine(b: Builder, r: Rng): void {
  const [city, uf] = pick(r, CITY);
  b.open('endereco')
    .p('', streetLine(r))
    .t(', ')
    .p('', pick(r, HOOD))
    .t(', ')
    .p('', `${city} - ${uf}`)
    .close();
  if (r() < 0.7) b.t(pick(r, [', CEP ', ' - CEP ', ', '])).p('cep (with address)', cep(r));
}

/** The same on the lines of a block. */
function addressBlock(b: Builder, r: Rng): void {
  const [city, uf] = pick(r, CITY);
  b.open('endereco')
    .p('', streetLine(r))
    .t('\n')
    .p('', pick(r, HOOD))
    .t(pick(r, [' - ', '\n']))
    .p('', `${city}/${uf}`)
    .close();
  b.t(pick(r, ['\nCEP ', '\nCEP: ', '\n'])).p('cep (with address)', cep(r));
}

/** A Luhn-valid card with its expiry and security code, all one item. */
function cardWithCodes(b: Builder, r: Rng, lead: string): void {
  const { number } = g.card(r, pick(r, ['visa', 'master', 'elo'] as const));
  b.t(lead)
    .open('cartao')
    .p('', g.fmtCard(r, number, ' '));
  b.t(pick(r, [' val ', ' validade ', ', venc. ', ' exp '])).p('', `${p2(int(r, 1, 12))}/${int(r, 27, 33)}`);
  b.t(pick(r, [' cvv ', ' cvc ', ', código de segurança ', ' cod seg ']))
    .p('', digits(r, 3))
    .close();
}

/** A plausible birth date (a person's). */
function birth(r: Rng): string {
  const y = int(r, 1950, 2004);
  const m = int(r, 1, 12);
  const d = int(r, 1, 28);
  return pick(r, [
    `${p2(d)}/${p2(m)}/${y}`,
    `${d}/${m}/${String(y).slice(2)}`,
    `${p2(d)}/${p2(m)}/${String(y).slice(2)}`,
  ]);
}

// ---- BR Code (Pix copia e cola): EMV TLV fields with a CRC16-CCITT at the end.
const tlv = (id: string, v: string) => id + p2(v.length) + v;
function crc16(s: string): string {
  let crc = 0xffff;
  for (let i = 0; i < s.length; i++) {
    crc ^= s.charCodeAt(i) << 8;
    for (let k = 0; k < 8; k++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}
export function brCode(key: string, name: string, city: string, amount: string, txid: string): string {
  const body =
    tlv('00', '01') +
    tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv('01', key)) +
    tlv('52', '0000') +
    tlv('53', '986') +
    (amount ? tlv('54', amount) : '') +
    tlv('58', 'BR') +
    tlv('59', name) +
    tlv('60', city) +
    tlv('62', tlv('05', txid)) +
    '6304';
  return body + crc16(body);
}
const ascii = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();

// ---- decoys
const processNo = (r: Rng) =>
  `${digits(r, 7)}-${digits(r, 2)}.${int(r, 2015, 2025)}.8.${int(r, 10, 26)}.${digits(r, 4)}`;
const price = (r: Rng) => `R$ ${int(r, 1, 98)}.${digits(r, 3)},${digits(r, 2)}`;
const someDate = (r: Rng) => `${p2(int(r, 1, 28))}/${p2(int(r, 1, 12))}/${int(r, 2024, 2027)}`;
const order = (r: Rng) => pick(r, [`${int(r, 100000, 999999)}`, `BR-${digits(r, 8)}`, `${digits(r, 12)}`]);

type Template = (b: Builder, r: Rng) => void;

const emailSignature: Template = (b, r) => {
  const to = person(r);
  const me = person(r);
  b.t(pick(r, ['Bom dia, ', 'Olá ', 'Prezada ', 'Oi ']))
    .p('nome', to.first)
    .t(',\n\n');
  b.t('Segue em anexo a proposta do pedido nº ').d(order(r)).t(', no valor de ').d(price(r));
  b.t(', com entrega prevista para ').d(someDate(r)).t('.\n\n');
  b.t(pick(r, ['Abraços,', 'Atenciosamente,', 'Att.,', 'Att,', 'Obrigado!', 'Grato,'])).t('\n');
  b.p('nome', me.full).t('\n');
  if (r() < 0.6) b.t(`${pick(r, ROLE)} | ${pick(r, COMPANY)}\n`);
  b.p('email', me.email).t('\n').p('telefone', fmtPhone(r));
};

const whatsapp: Template = (b, r) => {
  const street = pick(r, STREET).toLowerCase();
  b.t(pick(r, ['oi ', 'opa ', 'bom dia ', 'eai ']))
    .p('nome', pick(r, NICK))
    .t(pick(r, [' tudo bem?', ' td bem?', ', blz?']));
  b.t(' o pedido ').d(order(r)).t(' ainda nao chegou. ');
  b.t(pick(r, ['meu cpf e ', 'cpf: ', 'segue cpf ', 'meu cpf eh ']))
    .p('cpf', cpf(r))
    .t('\n');
  b.t(pick(r, ['moro na ', 'entrega na ', 'endereco: ']));
  b.open('endereco').p(
    '',
    `rua ${street} ${int(r, 1, 3000)} ${pick(r, ['casa', 'apto', 'ap'])} ${int(r, 1, 40)}`,
  );
  b.t(pick(r, [', ', ' bairro ']))
    .p('', pick(r, HOOD).toLowerCase())
    .close()
    .t('\n');
  b.t(pick(r, ['pode mandar o pix pra ', 'meu pix: ', 'chave pix '])).p(
    'chave_pix',
    pick(r, [fmtPhone(r), cpf(r), person(r).email]),
  );
  b.t(' pq paguei ')
    .d(price(r))
    .t(pick(r, [' valeu', ' obg', ' brigadao']));
};

const hrForm: Template = (b, r) => {
  const p = person(r);
  b.t('FICHA DE ADMISSÃO\n');
  b.t('Nome: ')
    .p('nome', p.full)
    .t('\nCPF: ')
    .p('cpf', cpf(r))
    .t('\nRG: ')
    .p('rg', g.rgSp(r).replace(/^(..)(...)(...)(.)$/, '$1.$2.$3-$4'));
  b.t('\nData de nascimento: ').p('data_nascimento', birth(r)).t('\nPIS: ').p('pis', g.pis(r));
  b.t('\nTítulo de eleitor: ').p('titulo_eleitor', g.titulo(r)).t('\nEndereço: ');
  addressLine(b, r);
  b.t('\nTelefone: ').p('telefone', fmtPhone(r)).t('\nE-mail: ').p('email', p.email);
  b.t('\nAgência: ')
    .open('conta_bancaria')
    .p('', `${digits(r, 4)}`)
    .t(' Conta: ')
    .p('', `${digits(r, 5)}-${digits(r, 1)}`)
    .close();
  b.t('\nAdmissão em ').d(someDate(r)).t(' — salário ').d(price(r));
};

const clinicForm: Template = (b, r) => {
  b.t(pick(r, ['Paciente: ', 'PACIENTE: ', 'Nome do paciente: '])).p('nome', person(r).full);
  b.t('\nCartão SUS: ').p('cns', g.cns(r)).t('\nNascimento: ').p('data_nascimento', birth(r));
  b.t('\nResponsável: ').p('nome', person(r).full).t('\nContato: ').p('telefone', fmtPhone(r));
  b.t('\nConsulta em ')
    .d(someDate(r))
    .t(' às 14h — protocolo ')
    .d(`${int(r, 2024, 2026)}${digits(r, 8)}`);
};

const shippingLabel: Template = (b, r) => {
  for (const who of ['Remetente:', 'Destinatário:']) {
    b.t(`${who}\n`).p('nome', person(r).full).t('\n');
    addressBlock(b, r);
    b.t('\n\n');
  }
  b.t('Pedido #')
    .d(order(r))
    .t(' | NF-e ')
    .d(`${digits(r, 3)}.${digits(r, 3)}.${digits(r, 3)}`);
};

const supportTicket: Template = (b, r) => {
  b.t('Chamado #').d(order(r)).t(' aberto em ').d(someDate(r)).t('\n');
  b.t('Cliente: ').p('nome', person(r).full).t(' (CPF ').p('cpf', cpf(r)).t(')\n');
  cardWithCodes(b, r, pick(r, ['Cobrança indevida no cartão ', 'cc ', 'Cartão: ']));
  b.t('\nVeículo: placa ').p('placa', g.plate(r).value).t(', Renavam ').p('renavam', g.renavam(r));
  b.t('\nValor contestado: ').d(price(r));
};

// ---- Brasília, rural properties, labels as people write them
const DF_REGION = ['Asa Norte', 'Asa Sul', 'Lago Sul', 'Ceilândia', 'Guará', 'Taguatinga', 'Sobradinho'];
const FARM = [
  'Boa Esperança',
  'Santa Rita',
  'Bela Vista',
  'São José',
  'Três Irmãos',
  'Recanto Verde',
  'Água Limpa',
];
const TOWN: [string, string][] = [
  ['Itapecerica', 'MG'],
  ['Uberlândia', 'MG'],
  ['Rio Verde', 'GO'],
  ['Chapecó', 'SC'],
  ['Petrolina', 'PE'],
];
const dfCep = (r: Rng) => `70${digits(r, 3)}-${digits(r, 3)}`;

/** A Brasília address: a sector code and number, its blocks, then region and city, as one item. */
function dfAddress(b: Builder, r: Rng, forms: readonly ((r: Rng) => string)[]): void {
  const region = pick(r, DF_REGION);
  b.open('endereco').p('', pick(r, forms)(r));
  if (r() < 0.5)
    b.t(', ')
      .p('', region)
      .t(pick(r, [', ', ' - ']))
      .p('', 'Brasília - DF');
  else b.t(' ').p('', region);
  b.close();
}
/** Plano Piloto forms (dev). */
const DF_DEV = [
  (r: Rng) => `SQN ${int(r, 102, 416)} bloco ${g.letters(r, 1)} apto ${int(r, 101, 606)}`,
  (r: Rng) => `SQS ${int(r, 102, 416)} Bloco ${g.letters(r, 1)}, apto ${int(r, 101, 606)}`,
  (r: Rng) => `CLN ${int(r, 102, 416)} bloco ${g.letters(r, 1)} loja ${int(r, 1, 60)}`,
];
/** Lake and satellite-city forms (sealed only). */
const DF_SEALED = [
  (r: Rng) => `SHIS QI ${p2(int(r, 1, 29))} conjunto ${int(r, 1, 20)} casa ${int(r, 1, 30)}`,
  (r: Rng) => `QNM ${int(r, 1, 42)} conjunto ${g.letters(r, 1)} lote ${int(r, 1, 40)}`,
  (r: Rng) => `QE ${int(r, 1, 58)} conj. ${g.letters(r, 1)} casa ${int(r, 1, 30)}`,
  (r: Rng) =>
    `CRS ${int(r, 502, 516)} bloco ${g.letters(r, 1)} entrada ${int(r, 1, 60)} apto ${int(r, 101, 306)}`,
];

/** A rural property with its cue, and the town after it, as one item. */
function ruralAddress(b: Builder, r: Rng, forms: readonly ((r: Rng) => string)[]): void {
  const [town, uf] = pick(r, TOWN);
  b.open('endereco').p('', pick(r, forms)(r));
  if (r() < 0.6) b.t(', ').p('', `${town} - ${uf}`);
  b.close();
}
const RURAL_DEV = [
  (r: Rng) => `Sítio ${pick(r, FARM)}, zona rural`,
  (r: Rng) => `Fazenda ${pick(r, FARM)}, km ${int(r, 2, 180)} da BR-0${int(r, 10, 99)}`,
];
const RURAL_SEALED = [
  (r: Rng) => `Chácara ${int(r, 1, 120)}, Núcleo Rural ${pick(r, FARM)}`,
  (r: Rng) => `Sítio ${pick(r, FARM)} - km ${int(r, 2, 60)} da MG-${int(r, 100, 499)}`,
  (r: Rng) => `Fazenda ${pick(r, FARM)}, Distrito de ${pick(r, ['Ouro Fino', 'Capão', 'Boa Sorte'])}`,
  (r: Rng) => `Estrada Municipal ${pick(r, FARM)}, s/n, zona rural`,
];

/** An e-mail typed with spaces around its "@" or its dots. */
function spacedEmail(r: Rng, p: Person): string {
  const [local, domain] = p.email.split('@') as [string, string];
  const spaced = (s: string) => s.replace(/\./g, ' . ');
  return pick(r, [
    `${spaced(local)} @ ${spaced(domain)}`,
    `${local} @${domain}`,
    `${local}@ ${domain}`,
    `${local} @ ${domain}`,
  ]);
}

/** A telephone written with "0xx" for the carrier, or with a carrier code before a capital-like number. */
function oldStylePhone(r: Rng): string {
  const ddd = pick(r, ['11', '21', '31', '61', '77']);
  const sub =
    r() < 0.5 ? `9${digits(r, 4)}-${digits(r, 4)}` : `${int(r, 2, 5)}${digits(r, 3)}-${digits(r, 4)}`;
  return pick(r, [
    `0xx${ddd} ${sub}`,
    `(0xx${ddd}) ${sub}`,
    `0 ${pick(r, ['21', '15', '31'])} ${ddd} ${pick(r, ['4000', '4004', '3003'])} ${digits(r, 4)}`,
  ]);
}

const flight = (r: Rng) => `${pick(r, ['LA', 'G3', 'AD'])}${int(r, 1000, 9999)}`;
const booking = (r: Rng) => `${g.letters(r, 2)}${digits(r, 6)}`;

const brasiliaForm: Template = (b, r) => {
  const p = person(r);
  b.t('CADASTRO DE CLIENTE\nNome: ').p('nome', p.full);
  b.t(pick(r, ['\nEndereço: ', '\nEnd.: ', '\nResidente em: ']));
  dfAddress(b, r, DF_DEV);
  b.t('\nCEP ').p('cep (with address)', dfCep(r));
  b.t(pick(r, ['\nnº SUS ', '\nCartão SUS: ', '\ncns: '])).p('cns', g.cns(r));
  b.t(pick(r, ['\nAniversário: ', '\nNasc. '])).p('data_nascimento', birth(r));
  b.t('\nTelefone: ').p('telefone', oldStylePhone(r));
  b.t('\nReunião de abertura em ')
    .d(someDate(r))
    .t(', vencimento ')
    .d(`${p2(int(r, 1, 28))}/${p2(int(r, 1, 12))}/27`);
};

const ruralDelivery: Template = (b, r) => {
  b.t('Pedido ').d(order(r)).t(' — frete ').d(price(r)).t('\n');
  b.t(pick(r, ['Entregar em: ', 'Local de entrega: ', 'Produtor: ']));
  if (r() < 0.5) b.p('nome', person(r).full).t(', ');
  ruralAddress(b, r, RURAL_DEV);
  b.t('\nprevisão ').d(someDate(r));
};

const chatLabels: Template = (b, r) => {
  const p = person(r);
  b.t(pick(r, ['oi, tudo certo? ', 'bom dia! ', 'opa, ']))
    .t(
      pick(r, [
        'pode confirmar esse cpf?\n',
        'qual cpf ficou no cadastro? é esse?\n',
        'confere o cpf do titular?\n',
      ]),
    )
    .p('cpf', cpfDigits(r))
    .t('\n');
  b.t('meu email é ').p('email', spacedEmail(r, p)).t('\n');
  b.t(pick(r, ['carro: ', 'o carro é um ', 'veículo '])).t(pick(r, ['Gol prata ', 'Onix branco ', 'HB20 ']));
  b.p('placa', g.plate(r).value)
    .t(pick(r, [', renavan ', ' renavan: ']))
    .p('renavam', g.renavam(r))
    .t('\n');
  b.t('o voo é o ').d(flight(r)).t(', boarding pass ').d(booking(r));
  b.t(' e o protocolo ').d(`${int(r, 2024, 2026)}${digits(r, 8)}`);
};

// ---- templates held back from dev
const legalNote: Template = (b, r) => {
  b.t('Processo nº ').d(processNo(r)).t('\n');
  b.t('AUTOR: ').p('nome', person(r).full.toUpperCase()).t(', inscrito no CPF sob o nº ').p('cpf', cpf(r));
  b.t(', residente na ');
  addressLine(b, r);
  b.t('.\nRÉ: ')
    .t(pick(r, COMPANY))
    .t(', CNPJ ')
    .p('cnpj', fmtCnpj(r, cnpjChars(r, false), false));
  b.t('.\nValor da causa: ').d(price(r)).t('. Audiência designada para ').d(someDate(r)).t('.');
};

const travelForm: Template = (b, r) => {
  const p = person(r);
  b.t('Viajante: ')
    .p('nome', p.full)
    .t('\nPassaporte: ')
    .p('passaporte', `${g.letters(r, 2)}${digits(r, 6)}`);
  b.t('\nNascido em ')
    .p('data_nascimento', birth(r))
    .t('\nVoo ')
    .d(`${pick(r, ['LA', 'G3', 'AD'])}${int(r, 1000, 9999)}`);
  b.t(' em ').d(someDate(r)).t('\nCelular: ').p('telefone', fmtPhone(r)).t('\nE-mail: ').p('email', p.email);
};

const brasiliaChat: Template = (b, r) => {
  b.t(pick(r, ['moro na ', 'residente na ', 'pode entregar na ', 'endereço: ']));
  dfAddress(b, r, DF_SEALED);
  b.t('\nnasci em ').p('data_nascimento', birth(r));
  b.t('. o cliente tem um CLS ')
    .d(`${int(r, 300, 500)}`)
    .t(' e o processo nº ')
    .d(processNo(r));
};

const ruralForm: Template = (b, r) => {
  b.t('Ficha do produtor\nNome: ').p('nome', person(r).full).t('\nPropriedade: ');
  ruralAddress(b, r, RURAL_SEALED);
  b.t('\nCarteira de identidade: ')
    .t(pick(r, ['M-', 'MG-']))
    .p('rg', `${int(r, 10, 99)}.${digits(r, 3)}.${digits(r, 3)}`)
    .t('\nTítulo ');
  b.open('titulo_eleitor')
    .p('', g.titulo(r))
    .t(' zona ')
    .p('', `${int(r, 1, 350)}`)
    .t(pick(r, [' seção ', ', seção ']))
    .p('', `${p2(int(r, 1, 400))}`)
    .close();
  b.t('\nSafra vendida por ')
    .d(price(r))
    .t(', nota fiscal ')
    .d(`${digits(r, 3)}.${digits(r, 3)}.${digits(r, 3)}`);
};

const idForm: Template = (b, r) => {
  const p = person(r);
  b.t('Hóspede: ')
    .p('nome', p.full)
    .t(pick(r, [' — passaporte n. ', ' — pass. ']));
  b.p('passaporte', `${g.letters(r, 2)}${digits(r, 6)}`);
  b.t(pick(r, ['\nnascido em ', '\nnasc. '])).p('data_nascimento', birth(r));
  b.t('\nO CPF do titular é o ').p('cpf', cpfDigits(r));
  b.t('\ncartão sus ').p('cns', g.cns(r));
  b.t('\nfone ').p('telefone', oldStylePhone(r)).t(' e-mail ').p('email', spacedEmail(r, p));
  b.t('\nLocalizador ').d(booking(r)).t(', voo ').d(flight(r)).t(' em ').d(someDate(r));
};

const pixChat: Template = (b, r) => {
  const p = person(r);
  const [city] = pick(r, CITY);
  const key = pick(r, [p.email, cpfDigits(r), `+55${pick(r, ['11', '21', '51'])}9${digits(r, 8)}`]);
  b.t('segue o pix copia e cola da parcela ')
    .d(`${int(r, 1, 12)}/12`)
    .t(':\n');
  const name = ascii(p.full).slice(0, 25);
  const town = ascii(city);
  const code = brCode(key, name, town, `${int(r, 10, 999)}.${digits(r, 2)}`, `PED${digits(r, 6)}`);
  // The personal fields: the key, the receiver's name and city, each after its id and length.
  const field = (v: string, id: string): [number, number] => {
    const at = code.indexOf(id + p2(v.length) + v) + 4;
    return [at, at + v.length];
  };
  b.pasted('br_code', code, [field(key, '01'), field(name, '59'), field(town, '60')]);
  b.t('\nou pela ')
    .t(pick(r, ['chave ', 'chave pix ', 'pix ']))
    .p('chave_pix', pick(r, [fmtPhone(r), cpf(r)]));
};

export const DEV_TEMPLATES: Record<string, Template> = {
  'e-mail with signature': emailSignature,
  whatsapp,
  'hr form': hrForm,
  'clinic form': clinicForm,
  'shipping label': shippingLabel,
  'support ticket': supportTicket,
  'brasilia form': brasiliaForm,
  'rural delivery': ruralDelivery,
  'chat labels': chatLabels,
};
const HELD_BACK: Record<string, Template> = {
  'legal note': legalNote,
  'travel form': travelForm,
  'pix chat': pixChat,
  'brasilia chat': brasiliaChat,
  'rural form': ruralForm,
  'id form': idForm,
};

const CASINGS: Casing[] = ['as typed', 'lower', 'upper', 'lower, no accents'];

/** Casing that keeps every offset (one character in, one out), leaving pasted spans as they are. */
function recase(text: string, casing: Casing, verbatim: readonly [number, number][]): string {
  let out = recased(text, casing);
  for (const [s, e] of verbatim) out = out.slice(0, s) + text.slice(s, e) + out.slice(e);
  return out;
}

function recased(text: string, casing: Casing): string {
  if (casing === 'as typed') return text;
  if (casing === 'upper')
    return Array.from(text, (c) => (c.toUpperCase().length === 1 ? c.toUpperCase() : c)).join('');
  const low = Array.from(text, (c) => (c.toLowerCase().length === 1 ? c.toLowerCase() : c));
  if (casing === 'lower') return low.join('');
  return low.map((c) => c.normalize('NFD')[0]!).join('');
}

export type Split = 'dev' | 'sealed';

/** `perLayout` documents per layout and casing. */
export function businessSet(split: Split, perLayout: number): BusinessDoc[] {
  const r = rng(split === 'dev' ? 39_0001 : 39_9917);
  const templates = split === 'dev' ? DEV_TEMPLATES : { ...DEV_TEMPLATES, ...HELD_BACK };
  const out: BusinessDoc[] = [];
  for (const [layout, make] of Object.entries(templates)) {
    for (const casing of CASINGS) {
      for (let i = 0; i < perLayout; i++) {
        const b = new Builder();
        make(b, r);
        out.push({
          layout,
          casing,
          text: recase(b.text, casing, b.verbatim),
          items: b.items,
          decoys: b.decoys,
        });
      }
    }
  }
  return out;
}
