// One validated configuration object for the whole process, read from the environment
// and the optional SVC_CONFIG file. Every problem is collected before failing, so that a
// start-up error lists all bad settings at once.
import { type EnvSettings, readEnv } from './env.js';
import { ConfigError } from './errors.js';
import type { FileConfig } from './file.js';
import { loadFileConfig } from './load-file.js';

export { ConfigError } from './errors.js';
export type { FileConfig, ModelConfig, ProviderConfig } from './file.js';

export interface Config extends EnvSettings {
  file: FileConfig;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const problems: string[] = [];
  const settings = readEnv(env, problems);
  const file = loadFileConfig(settings.configPath, env, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return { ...settings, file };
}
