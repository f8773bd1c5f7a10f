import { parseArgs } from 'node:util';
import { UsageError } from './command.js';

type Spec = Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>;

/** Strict option parsing with required options; every problem is a UsageError (exit 2). */
export function options<S extends Spec>(args: string[], spec: S, required: (keyof S & string)[] = []) {
  const parsed = parseArgs({ args, options: spec, strict: true, allowPositionals: true });
  const values = parsed.values as Record<string, unknown>;
  const positionals = parsed.positionals;
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  for (const name of required) {
    if (values[name] === undefined) throw new UsageError(`--${name} is required`);
  }
  return values as {
    [K in keyof S]?: S[K]['type'] extends 'boolean'
      ? boolean
      : S[K]['multiple'] extends true
        ? string[]
        : string;
  };
}

export function oneOf<T extends string>(
  name: string,
  value: string | undefined,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined) return undefined;
  if (!allowed.includes(value as T)) throw new UsageError(`--${name} must be one of ${allowed.join(', ')}`);
  return value as T;
}
