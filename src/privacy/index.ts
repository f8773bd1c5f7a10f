// Public surface of the privacy barrier.
export {
  type Cleaner,
  type CleanerOptions,
  createCleaner,
  type FindOptions,
  findAll,
  PrivacyInputError,
} from './barrier.js';
export { isValidCnpj, isValidCpf, VALID_DDDS } from './checks.js';
export { cnpjDetector } from './cnpj.js';
export { cpfDetector } from './cpf.js';
export { emailDetector } from './email.js';
export { distinctKeys, setKey } from './keys.js';
export { resolveOverlaps } from './overlaps.js';
export {
  DEFAULT_SENSITIVITY,
  isSensitivity,
  SENSITIVITIES,
  type Sensitivity,
  strictestSensitivity,
} from './names/index.js';
export { applyToParts, findInParts, type PartsMatch } from './parts.js';
export { createPhoneDetector, type PhoneOptions, phoneDetector } from './phone.js';
export { type PlaceholderLookup, PlaceholderMap } from './placeholders.js';
export { isPolicy, POLICIES, redactMarker, strictest } from './policy.js';
export { restoreStream, restoreText } from './restore.js';
export type { Category, Detector, Finding, Match, Policy } from './types.js';
