// Rural addresses name a property, not a street: "Sítio Boa Esperança, zona rural,
// Itapecerica - MG", "Fazenda Santa Rita, km 12 da BR-050", "Chácara 14, Núcleo Rural
// Vargem Bonita". The property's type and name alone are also a company ("Fazenda Santa
// Rita Agropecuária"), a ministry ("Ministério da Fazenda") or a website ("sítio
// eletrônico"), so one is an address only when a rural cue follows it right after a
// comma or a dash: "zona rural", a kilometre of a road, a rural settlement ("Núcleo
// Rural", "Linha", "Comunidade", "Povoado", "Assentamento", "Distrito de") or "s/n".
// Roads themselves ("Estrada Municipal …, s/n") are streets (endereco.ts).
import { addressTail } from './address-tail.js';

/** Property types, at a word start; the capture is the type. */
export const PROPERTY =
  /(?:^|[^A-Za-z\u00c0-\u024f0-9])(s[ií]tio|fazenda|ch[aá]cara|granja|rancho|est[aâ]ncia)(?=[ \t])/giu;

/** The property's name (a few words or a number), the separator, and the rural cue. */
const REST = new RegExp(
  String.raw`[ \t]+(?:[0-9]{1,4}|(?:(?:d[aeo]s?[ \t]+)?\p{L}[\p{L}'’.]*[ \t]*){1,4}?)[ \t]*[,–-][ \t]*` +
    String.raw`(?:(?:zona|[aá]rea)[ \t]+rural` +
    String.raw`|km[ \t]*[0-9]{1,4}(?:[.,][0-9]{1,3})?(?:[ \t]+d[aeo][ \t]+(?:rodovia[ \t]+)?[A-Za-z]{2,3}[- ]?[0-9]{2,3})?` +
    String.raw`|(?:n[úu]cleo[ \t]+rural|linha|comunidade|povoado|assentamento|distrito[ \t]+de)(?:[ \t]+\p{L}[\p{L}'’.]*){1,4}` +
    String.raw`|s\/n)(?![\p{L}\p{N}])`,
  'iuy',
);

/** The end of the rural address whose property type at `start` is `typeLength` long, or -1. */
export function ruralAddressEnd(text: string, start: number, typeLength: number): number {
  REST.lastIndex = start + typeLength;
  if (!REST.test(text)) return -1;
  return addressTail(text, REST.lastIndex, false);
}

/**
 * The rural cues' words as typed, in their casings ("Linha" only capitalised: "minha"):
 * one regex whose alternatives start with a capital or a given letter, several times
 * cheaper than an indexOf per word (each stops at every "r", "o"…) or a case-blind regex.
 */
const CUES =
  /[Rr]ural|RURAL|[Dd]istrito|DISTRITO|[Pp]ovoado|POVOADO|[Aa]ssentamento|ASSENTAMENTO|[Cc]omunidade|COMUNIDADE|Linha |LINHA /g;

/** Where the rural cues of `text` (other than a kilometre and "s/n") are: a property may be before each. */
export function ruralCues(text: string, out: number[]): void {
  CUES.lastIndex = 0;
  for (let m = CUES.exec(text); m !== null; m = CUES.exec(text)) out.push(m.index);
}
