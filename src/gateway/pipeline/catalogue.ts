// The model catalogue: the config file's models, grouped by id. The same id listed
// under several providers is one model with a fallback order (the order of the file).
// With no model configured the catalogue holds only the built-in svc/eco.
import type { FileConfig, ModelConfig } from '../../platform/config/index.js';
import { ECO_ID } from '../../platform/model-ids.js';
import type { Target } from '../models/providers/types.js';

export interface CatalogueModel {
  id: string;
  display_name: string;
  context_window: number;
  description: string;
  /** svc/auto hints of the first entry of this id in the config file. */
  auto?: ModelConfig['auto'];
  /** What a prepaid organisation pays (docs/payments.md); absent = nothing. */
  price?: ModelConfig['price'];
  /** Empty for svc/eco, which answers in-process. */
  targets: Target[];
}

export { ECO_ID } from '../../platform/model-ids.js';

export const ECO_MODEL: CatalogueModel = {
  id: ECO_ID,
  display_name: 'svc eco (eco da barreira)',
  context_window: 1_000_000,
  description:
    'Não é um modelo de linguagem: responde com o texto que recebeu depois da barreira de privacidade ' +
    '("o que o modelo vê"). Serve para testar a barreira sem enviar nada a um provedor.',
  targets: [],
};

export class Catalogue {
  readonly #byId = new Map<string, CatalogueModel>();

  constructor(file: FileConfig) {
    for (const m of file.models ?? []) {
      const provider = file.providers?.[m.provider];
      if (!provider) continue; // the config loader already rejects this
      let entry = this.#byId.get(m.id);
      if (!entry) {
        entry = {
          id: m.id,
          display_name: m.display_name,
          context_window: m.context_window,
          description: m.description,
          ...(m.auto ? { auto: m.auto } : {}),
          ...(m.price ? { price: m.price } : {}),
          targets: [],
        };
        this.#byId.set(m.id, entry);
      }
      entry.targets.push({
        providerName: m.provider,
        provider,
        format: provider.type === 'anthropic' ? 'messages' : 'chat',
        upstreamModel: m.upstream_model,
      });
    }
    if (this.#byId.size === 0) this.#byId.set(ECO_ID, ECO_MODEL);
  }

  get(id: string): CatalogueModel | undefined {
    return this.#byId.get(id);
  }

  /** Models visible to an organisation (null = every model), in config order. */
  list(released: readonly string[] | null): CatalogueModel[] {
    const all = [...this.#byId.values()];
    return released === null ? all : all.filter((m) => released.includes(m.id));
  }
}
