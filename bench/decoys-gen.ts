// Decoys for the categories beyond CPF, CNPJ, e-mail and telephone: text that looks like
// them and must stay — prices, quantities, event dates, versions, order, invoice,
// protocol and process numbers, laws and articles, doses, temperatures, product codes,
// valid-looking values under another label, and the near misses of each category
// (failed check digits, no word where one is needed, private addresses in configs).
import * as g from './documents-gen.js';
import { pick, type Rng } from './privacy-gen.js';

const { int, digits } = g;

/** A valid CPF, or an 11-digit mobile number: another category's value, not a decoy. */
function otherwise(d: string): boolean {
  if (/^[1-9][1-9]9/.test(d) && d.length === 11) return true;
  const n = d.split('').map(Number);
  const check = (len: number) =>
    ((n.slice(0, len).reduce((s, x, i) => s + x * (len + 1 - i), 0) * 10) % 11) % 10;
  return d.length === 11 && check(9) === n[9] && check(10) === n[10];
}

/** A value of `make` that is not also a CPF or a mobile number. */
function plainOnly(r: Rng, make: (r: Rng) => string): string {
  for (;;) {
    const v = make(r);
    if (!otherwise(v)) return v;
  }
}
const p2 = (n: number) => String(n).padStart(2, '0');

export const CATEGORY_DECOYS: Record<string, (r: Rng) => string> = {
  'new: prices': (r) =>
    pick(r, [
      `custa R$ ${int(r, 1, 999)}.${digits(r, 3)},${digits(r, 2)}`,
      `o carro sai por R$ ${int(r, 10, 99)}.${digits(r, 3)}`,
      `US$ ${int(r, 1, 99)}.${digits(r, 3)}.${digits(r, 3)} em vendas`,
    ]),
  'new: quantities': (r) =>
    pick(r, [
      `${int(r, 1, 9)}.${digits(r, 3)} unidades em estoque`,
      `estoque de ${int(r, 10, 99)}.${digits(r, 3)}.${digits(r, 3)} itens`,
      `a empresa conta com ${int(r, 100, 9999)} funcionários`,
      `a rua tem ${int(r, 50, 900)} metros`,
    ]),
  'new: event dates': (r) =>
    pick(r, [
      `reunião em ${p2(int(r, 1, 28))}/${p2(int(r, 1, 12))}/${int(r, 2020, 2030)}`,
      `evento dia ${int(r, 1, 28)} de março de ${int(r, 2020, 2030)}`,
      `emitido em ${p2(int(r, 1, 28))}.${p2(int(r, 1, 12))}.${int(r, 1990, 2025)}`,
      `data de emissão: ${p2(int(r, 1, 28))}/${p2(int(r, 1, 12))}/${int(r, 1990, 2025)}`,
    ]),
  'new: versions': (r) =>
    pick(r, [
      `versão ${int(r, 1, 20)}.${int(r, 0, 9)}.${int(r, 0, 9)}.${int(r, 0, 99)}`,
      `atualize para a versão ${int(r, 1, 9)}.${int(r, 0, 20)}.${int(r, 0, 9)}.${int(r, 0, 9)}`,
      `build ${int(r, 1, 9)}.${int(r, 0, 9)}.${int(r, 0, 99)}.${int(r, 0, 999)}`,
      `release ${int(r, 1, 9)}.${int(r, 0, 9)}.${int(r, 0, 9)}.${int(r, 1, 9)}`,
    ]),
  'new: order numbers': (r) =>
    pick(r, [
      `pedido nº ${g.card(r).number}`,
      `protocolo ${g.cnh(r)} confirmado`,
      `nota fiscal ${g.pis(r)}`,
      `pedido ${g.titulo(r)} enviado`,
      `código de rastreio ${g.renavam(r)}`,
      `fatura ${g.cns(r)} paga`,
    ]),
  'new: process numbers': (r) =>
    `processo nº ${digits(r, 7)}-${digits(r, 2)}.${int(r, 2000, 2025)}.8.26.${digits(r, 4)}`,
  'new: laws': (r) =>
    pick(r, [
      `Lei nº 13.709/2018, art. ${int(r, 1, 60)}, inciso ${pick(r, ['I', 'II', 'X'])}`,
      `Decreto ${int(r, 1, 99)}.${digits(r, 3)}/${int(r, 1990, 2025)}`,
      `art. ${int(r, 1, 200)}, § ${int(r, 1, 5)}º da Lei ${int(r, 1, 9)}.${digits(r, 3)}/${int(r, 1990, 2025)}`,
    ]),
  'new: doses': (r) =>
    pick(r, [
      `tomar ${pick(r, [250, 500, 750, 1000])} mg de 8 em 8 horas`,
      `dose de ${int(r, 1, 9)},${int(r, 0, 9)} ml`,
      `${int(r, 1, 9)}.${digits(r, 3)} UI por dia`,
    ]),
  'new: temperatures': (r) =>
    pick(r, [
      `temperatura de ${int(r, 35, 40)},${int(r, 0, 9)} °C`,
      `febre de ${int(r, 37, 40)}.${int(r, 0, 9)} graus`,
    ]),
  'new: product codes': (r) =>
    pick(r, [
      `código do produto ${int(r, 2, 5)}${digits(r, 3)}-${digits(r, 4)}`,
      `peça nº ${int(r, 2, 5)}${digits(r, 3)}-${digits(r, 4)}`,
      `modelo ${g.letters(r, 3)}${digits(r, 1)}${g.letters(r, 1)}${digits(r, 2)}`,
      `SKU ${g.letters(r, 2)}${digits(r, 6)}`,
      `request id ${g.uuid(r)}`,
    ]),
  'new: failed checks': (r) => {
    const bad = (v: string) => v.slice(0, -1) + String((Number(v[v.length - 1]) + int(r, 1, 9)) % 10);
    return pick(r, [
      `cartão ${g.fmtCard(r, bad(g.card(r).number), ' ')}`,
      `CNH ${bad(g.cnh(r))}`,
      `PIS ${bad(g.pis(r))}`,
      `título de eleitor ${bad(g.titulo(r))}`,
      `RENAVAM ${bad(g.renavam(r))}`,
      `cartão do SUS ${bad(g.cns(r))}`,
    ]);
  },
  'new: no word': (r) => {
    const rg = g.rgSp(r);
    const bad = (Number(rg[7]) + 1) % 10;
    return pick(r, [
      `${plainOnly(r, g.cnh)} é o total`,
      `segue ${plainOnly(r, g.renavam)}`,
      `lote ${g.titulo(r)}`,
      `${g.letters(r, 2)}${digits(r, 6)} é o código`,
      `${g.letters(r, 3)}-${digits(r, 4)} é o lote`,
      `${rg.slice(0, 2)}.${rg.slice(2, 5)}.${rg.slice(5, 7)}${bad}-${rg[8]}`,
    ]);
  },
  'new: networks': (r) =>
    pick(r, [
      `servidor 10.${int(r, 0, 255)}.${int(r, 0, 255)}.${int(r, 1, 254)}`,
      `host 192.168.${int(r, 0, 255)}.${int(r, 1, 254)}`,
      `gateway 172.${int(r, 16, 31)}.${int(r, 0, 255)}.1`,
      `localhost 127.0.0.1`,
      `servidor ${g.publicIpv4(r)}`,
      `dns fe80::${int(r, 1, 0xffff).toString(16)}`,
    ]),
  'new: streets and banks in prose': (r) =>
    pick(r, [
      `CEP ${digits(r, 5)}-${digits(r, 3)}`,
      `na avenida principal, ${int(r, 2, 9)} quarteirões depois`,
      `a rua estava cheia em ${int(r, 2000, 2025)}`,
      `a conta deu R$ ${int(r, 10, 99)},${digits(r, 2)}`,
      `a conta de ${int(r, 2, 9)} itens`,
      `nascimento do projeto em ${int(r, 2000, 2025)}`,
    ]),
  'new: digits in prose': (r) =>
    pick(r, [
      `contei ${Array.from({ length: int(r, 5, 8) }, (_, i) => i + 1).join(' ')} e parei`,
      'um dois três quatro cinco, testando o microfone',
      `placar de ${int(r, 1, 5)} a ${int(r, 0, 4)}`,
    ]),
};
