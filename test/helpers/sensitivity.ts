// An example that the two name sensitivities treat differently: a surname alone that
// `balanced` leaves and `strict` masks. The name model changes each time it is trained, so
// the tests of the settings pick their surname from a list with the model they run against,
// instead of hard-coding one that a retrained model may decide either way; when no surname
// of the list separates the two any more, the test fails and says so.
import { detectNames } from '../../src/privacy/names/index.js';

const SURNAMES = [
  'Brandão',
  'Leite',
  'Pinheiro',
  'Valadares',
  'Moura',
  'Tavares',
  'Prates',
  'Menezes',
  'Coelho',
  'Rocha',
  'Barros',
  'Bragança',
  'Figueiredo',
  'Sampaio',
  'Teixeira',
  'Guimarães',
  'Queiroz',
  'Vasconcelos',
  'Siqueira',
  'Magalhães',
  'Albuquerque',
  'Bezerra',
  'Cavalcanti',
  'Nogueira',
];

/**
 * `sentence(surname)` for the first surname that `balanced` leaves and `strict` masks, read
 * as the service reads it: after `before` (the text that precedes it in what is cleaned).
 */
export function sensitivityExample(sentence: (surname: string) => string, before = '') {
  for (const surname of SURNAMES) {
    const text = sentence(surname);
    const read = before + text;
    if (detectNames(read).length === 0 && detectNames(read, { sensitivity: 'strict' }).length === 1)
      return { surname, text };
  }
  throw new Error(
    `no surname of the list tells balanced from strict in "${before}${sentence('…')}": add one`,
  );
}
