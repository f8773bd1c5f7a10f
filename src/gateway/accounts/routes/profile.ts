// The signed-in user and the account profile.
import type { App } from '../../../platform/http/app.js';
import { sessionOf } from '../../sessions/guard.js';
import { sessionUser } from '../../sessions/view.js';
import { readProfile, updateProfile } from '../profile.js';
import { ProfilePatch, ProfileResult, UserResult } from '../schemas.js';
import { staleSession } from '../../sessions/errors.js';
import { accountRoute, type Web } from './web.js';

export function registerProfileRoutes(scope: App, { deps }: Web): void {
  scope.get(
    '/api/me',
    accountRoute('The signed-in session user', { response: { 200: UserResult } }),
    async (request) => ({ user: sessionUser(sessionOf(request), deps.audience) }),
  );

  scope.get(
    '/api/account/profile',
    accountRoute('The profile of the signed-in account', { response: { 200: ProfileResult } }),
    async (request) => {
      const profile = await readProfile(deps.db, sessionOf(request).account_id!);
      if (!profile) throw staleSession();
      return { profile };
    },
  );

  scope.patch(
    '/api/account/profile',
    accountRoute('Change the profile; `revision` must be the one last read (409 when stale)', {
      body: ProfilePatch,
      response: { 200: ProfileResult },
    }),
    async (request) => ({
      profile: await updateProfile(deps.db, sessionOf(request).account_id!, request.body),
    }),
  );
}
