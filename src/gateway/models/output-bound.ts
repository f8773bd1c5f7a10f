// One output bound for a call that names no max_tokens. Three places depend on it agreeing:
// the Anthropic request (the vendor requires max_tokens), the credit a charged call holds
// (it bounds what the call can cost only if the vendor is told the same number), and svc/auto
// (which reads a long answer as a reason for a stronger model).

/** What a call that named no max_tokens may answer at most. Documented in docs/gateway.md. */
export const DEFAULT_MAX_TOKENS = 4096;
