// `svc clean FILE|-`: runs the privacy barrier over a text, JSON or JSONL file (or stdin).
// Output split: the cleaned content on stdout (nothing when blocked), a JSON summary
// `{policy, blocked, findings}` on stderr, so stdout can be piped straight to a file.
// Exit codes: 0 cleaned, 1 unreadable input, 2 bad command line, 3 blocked by policy.
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { cleanerFor, DEFAULT_BARRIER } from '../gateway/orgs/cleaning-choice.js';
import { type Cleaner, PrivacyInputError } from '../privacy/barrier.js';
import { DEFAULT_SENSITIVITY, isSensitivity, type Sensitivity } from '../privacy/names/index.js';
import { isPolicy } from '../privacy/policy.js';
import type { Finding, Policy } from '../privacy/types.js';
import { type CliCommand, UsageError } from './command.js';

export type Format = 'text' | 'json' | 'jsonl';

const USAGE = `Usage: svc clean FILE|- [--policy placeholder|redact|block] [--format text|json|jsonl]
                 [--sensitivity balanced|strict] [--include-business-phones]

Removes personal data (CPF, CNPJ, e-mail, telephone, person names) from FILE, or from
stdin when FILE is "-".

  --policy    placeholder (default): values become [CPF_1], [EMAIL_1] …
              redact: values become [CPF removido] …
              block: nothing is printed when personal data is found (exit 3)
  --sensitivity  name detection: balanced (default) or strict (masks more words
              as names: a surname alone, a name in lower case; more false alarms)
  --format    text, json (every string value cleaned) or jsonl (one JSON value per
              line); guessed from the extension (.json, .jsonl, .ndjson), else text
  --include-business-phones   also treat 0800/0300/4004-xxxx numbers as personal

Cleaned content goes to stdout; a JSON summary {policy, sensitivity, blocked, findings}
to stderr.
A progress bar is drawn on stderr for inputs over 1 MB when stderr is a terminal.
Exit codes: 0 cleaned, 1 unreadable input, 2 bad arguments, 3 blocked.`;

export interface CleanArgs {
  file: string;
  policy: Policy;
  sensitivity: Sensitivity;
  format: Format | null;
  includeBusinessPhones: boolean;
}

export function parseCleanArgs(args: string[]): CleanArgs {
  let file: string | null = null;
  let policy: Policy = 'placeholder';
  let sensitivity: Sensitivity = DEFAULT_SENSITIVITY;
  let format: Format | null = null;
  let includeBusinessPhones = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const [flag, inline] =
      a.startsWith('--') && a.includes('=')
        ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]
        : [a, undefined];
    const value = () => {
      const v = inline ?? args[++i];
      if (v === undefined || v === '') throw new UsageError(`${flag} needs a value`);
      return v;
    };
    if (flag === '--policy') {
      const v = value();
      if (!isPolicy(v)) throw new UsageError(`unknown policy "${v}" (placeholder, redact or block)`);
      policy = v;
    } else if (flag === '--sensitivity') {
      const v = value();
      if (!isSensitivity(v)) throw new UsageError(`unknown sensitivity "${v}" (balanced or strict)`);
      sensitivity = v;
    } else if (flag === '--format') {
      const v = value();
      if (v !== 'text' && v !== 'json' && v !== 'jsonl')
        throw new UsageError(`unknown format "${v}" (text, json or jsonl)`);
      format = v;
    } else if (flag === '--include-business-phones') includeBusinessPhones = true;
    else if (a !== '-' && a.startsWith('-')) throw new UsageError(`unknown option ${flag}`);
    else if (file !== null) throw new UsageError('only one FILE (or "-") may be given');
    else file = a;
  }
  if (file === null) throw new UsageError('missing FILE (use "-" for stdin)');
  return { file, policy, sensitivity, format, includeBusinessPhones };
}

export function guessFormat(file: string): Format {
  const ext = extname(file).toLowerCase();
  if (ext === '.json') return 'json';
  if (ext === '.jsonl' || ext === '.ndjson') return 'jsonl';
  return 'text';
}

export interface CleanOutcome {
  /** Cleaned content; null when blocked. */
  output: string | null;
  blocked: boolean;
  findings: Finding[];
}

/** Bad input data. The message names a line, never the content (it may hold personal data). */
export class InputError extends Error {}

const CHUNK = 256 * 1024;

/** Splits text at line ends (else spaces) so no value is cut in two. */
function* chunksOf(text: string): Generator<string> {
  let i = 0;
  while (i < text.length) {
    let j = Math.min(text.length, i + CHUNK);
    if (j < text.length) {
      const nl = text.lastIndexOf('\n', j);
      const sp = text.lastIndexOf(' ', j);
      if (nl > i) j = nl + 1;
      else if (sp > i) j = sp + 1;
    }
    yield text.slice(i, j);
    i = j;
  }
}

export function cleanInput(
  input: string,
  format: Format,
  opts: { policy: Policy; sensitivity?: Sensitivity; includeBusinessPhones?: boolean },
  progress?: (done: number, total: number) => void,
): CleanOutcome {
  // No organisation here: the defaults, tightened by the flags, as a request tightens its organisation's.
  const cleaner = cleanerFor(
    DEFAULT_BARRIER,
    { policy: opts.policy, nameSensitivity: opts.sensitivity },
    { includeBusinessPhones: opts.includeBusinessPhones },
  );
  let output = '';
  if (format === 'text') {
    let done = 0;
    for (const chunk of chunksOf(input)) {
      output += cleaner.cleanText(chunk);
      done += chunk.length;
      progress?.(done, input.length);
    }
  } else if (format === 'json') {
    let value: unknown;
    try {
      value = JSON.parse(input);
    } catch {
      throw new InputError('input is not valid JSON');
    }
    output = JSON.stringify(cleanJson(cleaner, value), null, 2) + '\n';
  } else {
    const lines = input.split('\n');
    const out: string[] = [];
    let done = 0;
    lines.forEach((line, n) => {
      done += line.length + 1;
      if (line.trim() === '') {
        out.push(line);
        return;
      }
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        throw new InputError(`line ${n + 1} is not valid JSON`);
      }
      out.push(JSON.stringify(cleanJson(cleaner, value)));
      if (n % 1000 === 0) progress?.(done, input.length);
    });
    progress?.(input.length, input.length);
    output = out.join('\n');
  }
  const blocked = cleaner.blocked;
  return { output: blocked ? null : output, blocked, findings: cleaner.findings() };
}

function cleanJson(cleaner: Cleaner, value: unknown): unknown {
  try {
    return cleaner.cleanJson(value);
  } catch (err) {
    if (err instanceof PrivacyInputError) throw new InputError('JSON input is nested too deeply');
    throw err;
  }
}

export interface CleanIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  stderrIsTTY: boolean;
  readStdin: () => Promise<string>;
  readFile: (path: string) => Promise<string>;
}

const PROGRESS_MIN = 1024 * 1024;

function progressBar(io: CleanIo): (done: number, total: number) => void {
  let last = -1;
  return (done, total) => {
    const pct = Math.floor((done / total) * 100);
    if (pct === last) return;
    last = pct;
    const width = 30;
    const fill = Math.round((pct / 100) * width);
    io.stderr(`\r[${'#'.repeat(fill)}${'.'.repeat(width - fill)}] ${String(pct).padStart(3)}%`);
    if (done >= total) io.stderr('\n');
  };
}

export async function runClean(args: string[], io: CleanIo): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(USAGE + '\n');
    return 0;
  }
  let parsed: CleanArgs;
  try {
    parsed = parseCleanArgs(args);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr(`svc clean: ${err.message}\n\n${USAGE}\n`);
      return 2;
    }
    throw err;
  }
  let input: string;
  try {
    input = parsed.file === '-' ? await io.readStdin() : await io.readFile(parsed.file);
  } catch {
    io.stderr(`svc clean: cannot read ${parsed.file === '-' ? 'stdin' : `file "${parsed.file}"`}\n`);
    return 1;
  }
  const format = parsed.format ?? (parsed.file === '-' ? 'text' : guessFormat(parsed.file));
  const progress = io.stderrIsTTY && input.length > PROGRESS_MIN ? progressBar(io) : undefined;
  let outcome: CleanOutcome;
  try {
    outcome = cleanInput(input, format, parsed, progress);
  } catch (err) {
    if (err instanceof InputError) {
      io.stderr(`svc clean: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
  if (outcome.output !== null) io.stdout(outcome.output);
  io.stderr(
    JSON.stringify({
      policy: parsed.policy,
      sensitivity: parsed.sensitivity,
      blocked: outcome.blocked,
      findings: outcome.findings,
    }) + '\n',
  );
  return outcome.blocked ? 3 : 0;
}

async function readAllStdin(): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of process.stdin) parts.push(chunk as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

export const cleanCommand: CliCommand = {
  path: ['clean'],
  summary: 'Remove personal data from a text, JSON or JSONL file (or stdin)',
  usage: USAGE,
  run: (args) =>
    runClean(args, {
      stdout: (s) => process.stdout.write(s),
      stderr: (s) => process.stderr.write(s),
      stderrIsTTY: process.stderr.isTTY === true,
      readStdin: readAllStdin,
      readFile: (path) => readFile(path, 'utf8'),
    }),
};
