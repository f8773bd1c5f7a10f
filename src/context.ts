// The context of a process that runs this codebase's modules: the platform's context, its
// storage migrated with every module's migrations (src/modules.ts).
import type { Config } from './platform/config/index.js';
import { type Context, openContext } from './platform/context.js';
import type { Logger } from './platform/logger.js';
import { MIGRATIONS } from './modules.js';

export function createContext(config: Config, logger?: Logger): Promise<Context> {
  return openContext(config, MIGRATIONS, logger);
}
