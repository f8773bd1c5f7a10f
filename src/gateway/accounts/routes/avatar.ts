// The profile photo: only ever the caller's own (the routes read no id, URL or query).
import type { App } from '../../../platform/http/app.js';
import { avatarNotInBody, noAvatar } from '../errors.js';
import { sessionOf } from '../../sessions/guard.js';
import { AVATAR_MAX, readAvatar, saveAvatar, toAvatar, UPLOAD_MAX } from '../avatar.js';
import { Ok } from '../schemas.js';
import { accountRoute, type Web } from './web.js';

export function registerAvatarRoutes(scope: App, { deps }: Web): void {
  scope.get(
    '/api/account/avatar',
    accountRoute('The profile photo of the signed-in account (WebP, at most 64 KiB)', {}),
    async (request, reply) => {
      const webp = await readAvatar(deps.db, sessionOf(request).account_id!);
      if (!webp) throw noAvatar();
      return reply.header('content-type', 'image/webp').header('cache-control', 'no-store').send(webp);
    },
  );

  // Raw image bodies are accepted on this route only: its own scope, its own parser.
  scope.register(async (upload) => {
    upload.addContentTypeParser(
      /^image\//,
      { parseAs: 'buffer', bodyLimit: UPLOAD_MAX },
      (_req, body, done) => done(null, body),
    );
    upload.put(
      '/api/account/avatar',
      {
        ...accountRoute(
          `Upload a profile photo (any common image; stored as WebP of at most ${AVATAR_MAX / 1024} KiB)`,
          { response: { 200: Ok } },
        ),
        bodyLimit: UPLOAD_MAX,
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
          throw avatarNotInBody();
        }
        const webp = await toAvatar(request.body);
        await saveAvatar(deps.db, sessionOf(request).account_id!, webp);
        return { ok: true as const };
      },
    );
  });

  scope.delete(
    '/api/account/avatar',
    accountRoute('Remove the profile photo', { response: { 200: Ok } }),
    async (request) => {
      await saveAvatar(deps.db, sessionOf(request).account_id!, null);
      return { ok: true as const };
    },
  );
}
