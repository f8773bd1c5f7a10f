// The account's own routes — browser sign-in, profile, avatar, security — one small plugin
// per concern (routes/*.ts), living in the session scope (sessions/scope.ts) beside the key,
// organisation and usage routes. Thin: the guard checks Origin, CSRF and the session; plain
// functions do the work; handlers shape the answer.
import type { Context } from '../../platform/context.js';
import type { App } from '../../platform/http/app.js';
import { DEFAULT_LIMITS, type ThrottleLimits } from '../../platform/identity/throttle.js';
import type { ScopeDeps } from '../sessions/scope.js';
import type { AccountDeps } from './login.js';
import { registerAvatarRoutes } from './routes/avatar.js';
import { registerLinkRoutes } from './routes/links.js';
import { registerProfileRoutes } from './routes/profile.js';
import { registerSecurityRoutes } from './routes/security.js';
import { registerSignInRoutes } from './routes/sign-in.js';
import type { Web } from './routes/web.js';
import { totpKey } from './totp.js';

export interface AccountRoutesOptions {
  limits?: ThrottleLimits;
}

export function registerAccountRoutes(
  scope: App,
  ctx: Context,
  session: ScopeDeps,
  options: AccountRoutesOptions = {},
): void {
  const deps: AccountDeps = {
    ...session,
    audience: ctx.config.publicOrigin,
    totpKey: totpKey(ctx.secret),
    limits: options.limits ?? DEFAULT_LIMITS,
    signup: ctx.config.signup,
  };
  const web: Web = { deps };
  registerSignInRoutes(scope, web);
  registerProfileRoutes(scope, web);
  registerAvatarRoutes(scope, web);
  registerSecurityRoutes(scope, web);
  registerLinkRoutes(scope, { ...deps, mail: ctx.mail, log: ctx.logger.child({ area: 'accounts' }) });
}
