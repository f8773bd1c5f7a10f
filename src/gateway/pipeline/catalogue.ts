// The model catalogue: the config file's models, grouped by id. The same id listed
// under several providers is one model with a fallback order (the order of the file).
// The built-in svc/eco is there beside them unless the file says `"eco": false`.
//
// A model answers to its id and to its aliases, so that an application written against a
// vendor (`model: "gpt-4o-mini"`) works unchanged: the aliases the file lists, and the
// upstream model name when exactly one model has it and no model lists it as an alias.
import type { FileConfig, ModelConfig } from '../../platform/config/index.js';
import { ALIAS_PATTERN, MODEL_DEFAULTS } from '../../platform/config/file.js';
import { ECO_ID } from '../../platform/model-ids.js';
import type { Target } from '../models/providers/types.js';

export type ModelKind = 'chat' | 'embedding';

export interface CatalogueModel {
  id: string;
  /** `chat` answers the model routes; `embedding` only `POST /v1/embeddings`. */
  kind: ModelKind;
  /** Other names that select this model, in the order of the file. */
  aliases: string[];
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
  kind: 'chat',
  display_name: 'svc eco (eco da barreira)',
  context_window: 1_000_000,
  description:
    'Não é um modelo de linguagem: responde com o texto que recebeu depois da barreira de privacidade ' +
    '("o que o modelo vê"). Serve para testar a barreira sem enviar nada a um provedor.',
  aliases: [],
  targets: [],
};

export class Catalogue {
  readonly #byId = new Map<string, CatalogueModel>();
  /** Every name a caller may send: ids and aliases. */
  readonly #byName = new Map<string, CatalogueModel>();

  constructor(file: FileConfig) {
    for (const m of file.models ?? []) {
      const provider = file.providers?.[m.provider];
      if (!provider) continue; // the config loader already rejects this
      let entry = this.#byId.get(m.id);
      if (!entry) {
        entry = {
          id: m.id,
          kind: m.kind ?? 'chat',
          aliases: [],
          display_name: m.display_name ?? m.upstream_model,
          context_window: m.context_window ?? MODEL_DEFAULTS.context_window,
          description: m.description ?? `Modelo ${m.upstream_model} do provedor ${m.provider}.`,
          ...(m.auto ? { auto: m.auto } : {}),
          ...(m.price ? { price: m.price } : {}),
          targets: [],
        };
        this.#byId.set(m.id, entry);
      }
      entry.targets.push({ providerName: m.provider, provider, upstreamModel: m.upstream_model });
    }
    if (file.eco !== false) this.#byId.set(ECO_ID, ECO_MODEL);
    for (const [alias, id] of aliasesOf(file.models ?? [])) {
      const model = this.#byId.get(id);
      if (model && !this.#byId.has(alias)) model.aliases.push(alias);
    }
    for (const model of this.#byId.values()) {
      this.#byName.set(model.id, model);
      for (const alias of model.aliases) this.#byName.set(alias, model);
    }
  }

  /** The model a caller names, by id or alias. */
  get(name: string): CatalogueModel | undefined {
    return this.#byName.get(name);
  }

  /** Models visible to an organisation (null = every model), in config order, svc/eco last. */
  list(released: readonly string[] | null): CatalogueModel[] {
    const all = [...this.#byId.values()];
    return released === null ? all : all.filter((m) => released.includes(m.id));
  }

  /** The chat models an organisation may call (the MCP tools, the playground's choice). */
  chat(released: readonly string[] | null): CatalogueModel[] {
    return this.list(released).filter((m) => m.kind === 'chat');
  }

  /**
   * What svc/auto may choose among: the chat models, and svc/eco only when it is the only
   * one (an echo is never picked over a real model).
   */
  choosable(released: readonly string[] | null): CatalogueModel[] {
    const chat = this.chat(released);
    const real = chat.filter((m) => m.id !== ECO_ID);
    return real.length > 0 ? real : chat;
  }
}

/**
 * Alias → model id: the aliases the file lists (the loader refused one listed for two
 * models), then each upstream model name that only one model uses and nobody listed
 * (never one in the `svc/` namespace, such as another svc gateway's model).
 */
function aliasesOf(models: readonly ModelConfig[]): Map<string, string> {
  const table = new Map<string, string>();
  for (const m of models) for (const alias of m.aliases ?? []) table.set(alias, m.id);
  const upstream = new Map<string, Set<string>>();
  for (const m of models) {
    const ids = upstream.get(m.upstream_model) ?? new Set<string>();
    upstream.set(m.upstream_model, ids.add(m.id));
  }
  const aliasLike = new RegExp(ALIAS_PATTERN);
  for (const [name, ids] of upstream) {
    if (ids.size === 1 && !table.has(name) && aliasLike.test(name)) table.set(name, [...ids][0]!);
  }
  return table;
}
