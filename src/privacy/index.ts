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
export { cnpjDetector } from './detectors/cnpj.js';
export { cpfDetector } from './detectors/cpf.js';
export { emailDetector } from './detectors/email.js';
export { createPhoneDetector, type PhoneOptions, phoneDetector } from './detectors/telefone.js';
export { distinctKeys, setKey } from './keys.js';
export {
  DEFAULT_SENSITIVITY,
  isSensitivity,
  SENSITIVITIES,
  type Sensitivity,
  strictestSensitivity,
} from './names/index.js';
export { resolveOverlaps } from './overlaps.js';
export { applyToParts, findInParts, type PartsMatch } from './parts.js';
export { type PlaceholderLookup, PlaceholderMap } from './placeholders.js';
export { isPolicy, POLICIES, redactMarker, strictest } from './policy.js';
export { analyse, CATEGORIES, type Category, detectorOf, isCategory, LABEL } from './registry.js';
export { restoreStream, restoreText } from './restore.js';
export type { Detector, Finding, Match, Policy, Span } from './types.js';
