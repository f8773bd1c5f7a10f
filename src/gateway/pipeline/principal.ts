// Who a model call is for: whose policy, release list and quota apply, and whose usage is
// counted — an API key (`kind: 'key'`, built by keys/auth.ts) or the console's session
// acting in an organisation (`kind: 'session'`, playground/principal.ts). Who pays is not a
// principal: a prepaid call's credentials travel in RunOptions.payer (billing/payer.ts).
import type { Principal as KeyPrincipal } from '../keys/auth.js';

export type { KeyPrincipal };

export type Principal = KeyPrincipal;
