// What a file is, decided by its first bytes: the name and the declared content type are
// the sender's claims, the bytes are what the parsers will read.

export type DocumentType = 'pdf' | 'jpeg' | 'png' | 'webp' | 'tiff';

export const IMAGE_TYPES: ReadonlySet<DocumentType> = new Set(['jpeg', 'png', 'webp', 'tiff']);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, sig: readonly number[], at = 0): boolean {
  if (bytes.length < at + sig.length) return false;
  return sig.every((b, i) => bytes[at + i] === b);
}

function ascii(s: string): number[] {
  return [...s].map((c) => c.charCodeAt(0));
}

/** The type of `bytes`, or null when it is none of the supported ones. */
export function sniffType(bytes: Uint8Array): DocumentType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return 'tiff';
  // PDF readers accept the header anywhere in the first 1024 bytes (some writers put junk first).
  if (Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024)).includes('%PDF-'))
    return 'pdf';
  return null;
}
