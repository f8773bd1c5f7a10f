// The configuration of a process that runs this codebase's modules: the platform's settings
// (environment and SVC_CONFIG file) plus the file's sections that the gateway's modules own,
// each schema beside its owner (docs/contributing/architecture.md, "Module map"). The list
// below is both what the loader accepts and the type of `config.file`, so the two cannot drift.
import { PAYMENTS_SECTION } from './gateway/billing/config.js';
import { ContactSchema, PartnersSchema } from './gateway/contact/config.js';
import { ShowcaseConfigSchema } from './gateway/showcase/config.js';
import { FunnelConfigSchema } from './gateway/telemetry/config.js';
import { WorkersSchema } from './gateway/workers/config.js';
import { type Config, loadConfig as loadWithSections } from './platform/config/index.js';
import type { SectionValues } from './platform/config/index.js';

export * from './platform/config/index.js';

/** In the order their problems are listed, after the platform's own settings. */
export const CONFIG_SECTIONS = {
  payments: PAYMENTS_SECTION,
  workers: { schema: WorkersSchema },
  contact: { schema: ContactSchema },
  partners: { schema: PartnersSchema },
  funnel: { schema: FunnelConfigSchema },
  showcase: { schema: ShowcaseConfigSchema },
} as const;

declare module './platform/config/file.js' {
  interface FileSections extends SectionValues<typeof CONFIG_SECTIONS> {}
}

/** Reads the environment (the process's by default) and the SVC_CONFIG file it names. */
export function loadConfig(env?: Record<string, string | undefined>): Config {
  return loadWithSections(CONFIG_SECTIONS, env);
}
