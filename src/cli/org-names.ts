// `svc org set --names strict|balanced`: how readily the barrier takes words for person
// names in this organisation's requests (docs/privacy.md, "Name sensitivity").
import { SENSITIVITIES, type Sensitivity } from '../privacy/index.js';
import { oneOf } from './args.js';

export const NAMES_OPTION = { names: { type: 'string' } } as const;

export const NAMES_USAGE = `--names: name detection, balanced (the default) or strict (masks more words as names).`;

/** The column's new value, or undefined when the option was not given. */
export function namesSetting(value: string | undefined): { name_sensitivity?: Sensitivity } {
  const chosen = oneOf('names', value, SENSITIVITIES);
  return chosen === undefined ? {} : { name_sensitivity: chosen };
}
