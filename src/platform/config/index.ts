// One validated configuration object for the whole process, read from the environment
// and the optional SVC_CONFIG file. Every problem is collected before failing, so that a
// start-up error lists all bad settings at once.
import { type EnvSettings, readEnv } from './env.js';
import { ConfigError } from './errors.js';
import type { ConfigSections, FileConfig } from './file.js';
import { loadFileConfig } from './load-file.js';

export { ConfigError } from './errors.js';
export type {
  ConfigSection,
  ConfigSections,
  FileConfig,
  FileSections,
  ModelConfig,
  ProviderConfig,
  SectionValues,
} from './file.js';

export interface Config extends EnvSettings {
  file: FileConfig;
}

/**
 * `sections`: the file's sections that modules outside the platform own (src/config.ts
 * passes them); the file may hold nothing else besides the platform's own settings.
 */
export function loadConfig(
  sections: ConfigSections,
  env: Record<string, string | undefined> = process.env,
): Config {
  const problems: string[] = [];
  const settings = readEnv(env, problems);
  const file = loadFileConfig(settings.configPath, env, sections, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return { ...settings, file };
}
