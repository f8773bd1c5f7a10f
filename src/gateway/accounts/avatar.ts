// Profile photos: any common image in, a WebP of at most 64 KiB out (the interface limit).
// sharp drops EXIF and other metadata (camera, GPS) unless asked to keep it.
import type { Kysely } from 'kysely';
import { invalidImage } from './errors.js';
import type { AccountsTables } from './tables.js';

// sharp (libvips) loads on the first avatar: most processes never decode an image.
const loadSharp = async () => (await import('sharp')).default;

export const AVATAR_MAX = 64 * 1024;
/** Uploads above this are refused before decoding (413). */
export const UPLOAD_MAX = 10 * 1024 * 1024;
// A decompression bomb must not reach the resizer.
const PIXEL_LIMIT = 40_000_000;
// Largest first; each size tries falling qualities before the next size down.
const SIZES = [512, 384, 256, 192, 128, 96, 64];
const QUALITIES = [82, 68, 52, 38];

export async function toAvatar(input: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    await sharp(input, { limitInputPixels: PIXEL_LIMIT }).metadata();
  } catch {
    throw invalidImage();
  }
  for (const size of SIZES) {
    for (const quality of QUALITIES) {
      let out: Buffer;
      try {
        out = await sharp(input, { limitInputPixels: PIXEL_LIMIT })
          .rotate() // honour the EXIF orientation before it is dropped
          .resize(size, size, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality })
          .toBuffer();
      } catch {
        throw invalidImage();
      }
      if (out.length <= AVATAR_MAX) return out;
    }
  }
  throw invalidImage();
}

export async function saveAvatar(
  db: Kysely<AccountsTables>,
  accountId: string,
  webp: Buffer | null,
): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ avatar_webp: webp === null ? null : webp.toString('base64') })
    .where('id', '=', accountId)
    .execute();
}

export async function readAvatar(db: Kysely<AccountsTables>, accountId: string): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('accounts')
    .select('avatar_webp')
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row?.avatar_webp ? Buffer.from(row.avatar_webp, 'base64') : undefined;
}
