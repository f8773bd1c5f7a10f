// The barrier for worker jobs: text inputs are cleaned before the job is stored or leased
// (a worker and the database only ever see placeholders), and text results are cleaned
// before they are stored, both with the cleaning chosen when the job was submitted (kept
// with the job). One cleaner per job input, so a value repeated across fields gets one
// placeholder.
import type { Finding } from '../../privacy/index.js';
import { type CleaningChoice, cleanerFor } from '../orgs/cleaning-choice.js';
import { blockedError } from '../privacy/clean.js';
import { barrierDone, barrierStart } from '../privacy/observe.js';
import type { Capability } from './capabilities.js';

type Json = Record<string, unknown>;

/** The input with its text fields cleaned; throws 422 `pii_blocked` under the block policy. */
export function cleanInput(
  cap: Capability,
  input: Json,
  cleaning: CleaningChoice,
): { input: Json; findings: Finding[] } {
  const started = barrierStart();
  const cleaner = cleanerFor(cleaning);
  const out: Json = { ...input };
  for (const field of cap.textInput) {
    const v = out[field];
    if (typeof v === 'string') out[field] = cleaner.cleanText(v);
    else if (Array.isArray(v)) out[field] = v.map((s) => (typeof s === 'string' ? cleaner.cleanText(s) : s));
  }
  barrierDone('job', started, cleaner.findings(), cleaner.blocked);
  if (cleaner.blocked) throw blockedError(cleaner.findings());
  return { input: out, findings: cleaner.findings() };
}

/**
 * A worker's JSON result with its text fields (`text`, `pages.text`, …) cleaned and what
 * was found in them as `findings` (categories and counts, as /v1/privacy/clean reports
 * them; a worker's own `findings` field is replaced); `blocked` under the block policy.
 */
export function cleanResult(
  cap: Capability,
  result: unknown,
  cleaning: CleaningChoice,
): { result: unknown; blocked: boolean } {
  if (cap.textResult.length === 0 || result === null || typeof result !== 'object')
    return { result, blocked: false };
  const cleaner = cleanerFor(cleaning);
  const out = structuredClone(result) as Json;
  for (const path of cap.textResult) cleanPath(out, path.split('.'), cleaner.cleanText);
  if (!Array.isArray(out)) out.findings = cleaner.findings();
  return { result: out, blocked: cleaner.blocked };
}

function cleanPath(node: unknown, path: string[], clean: (s: string) => string): void {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) cleanPath(item, path, clean);
    return;
  }
  const obj = node as Json;
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) {
    if (typeof obj[head] === 'string') obj[head] = clean(obj[head] as string);
  } else cleanPath(obj[head], rest, clean);
}
