// Who a model call is for: whose policy, release list and quota apply, and whose usage is
// counted. Today only an API key (the key check builds it). A credit token or an x402
// payer will each join the union with its own `kind`; the steps that take a key principal
// alone (limits and usage accounting) then make the compiler ask what the new kind does.
import type { Principal as KeyPrincipal } from '../keys/auth.js';

export type { KeyPrincipal };

export type Principal = KeyPrincipal;
