// An image's size read from its header, before anything decodes it: PNG's IHDR, JPEG's SOF,
// WebP's VP8/VP8L/VP8X chunk, TIFF's directories (one per page). A file whose header claims
// more pixels per page than the cap, more pages, or more decoded bytes (pixels × channels ×
// bit depth) than the cap is refused here; decoding it would cost memory and CPU in
// proportion to what the header claims, not to the file's size.
import { DocumentError } from './errors.js';
import type { DocumentType } from './sniff.js';

export interface ImageBounds {
  maxPages: number;
  maxPixels: number;
  maxDecodedBytes: number;
}

interface Frame {
  width: number;
  height: number;
  /** Bytes per pixel once decoded (channels × bytes per sample). */
  bytesPerPixel: number;
}

export function checkImageBounds(bytes: Uint8Array, type: DocumentType, bounds: ImageBounds): void {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const frames = framesOf(b, type, bounds.maxPages + 1);
  // A header we cannot read is left to the decoder, which refuses the file (unreadable_image).
  if (frames.length > bounds.maxPages) throw new DocumentError('too_many_pages', bounds.maxPages);
  for (const f of frames) {
    if (f.width * f.height > bounds.maxPixels) throw new DocumentError('too_many_pixels', bounds.maxPixels);
    if (f.width * f.height * f.bytesPerPixel > bounds.maxDecodedBytes)
      throw new DocumentError('too_much_data', bounds.maxDecodedBytes);
  }
}

function framesOf(b: Buffer, type: DocumentType, most: number): Frame[] {
  try {
    switch (type) {
      case 'png':
        return png(b);
      case 'jpeg':
        return jpeg(b);
      case 'webp':
        return webp(b);
      case 'tiff':
        return tiff(b, most);
      default:
        return [];
    }
  } catch {
    return []; // a header cut short (RangeError): the decoder's to refuse
  }
}

const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function png(b: Buffer): Frame[] {
  if (b.toString('latin1', 12, 16) !== 'IHDR') return [];
  const depth = b[24]!;
  // A palette image decodes to RGB(A): count it as four channels.
  const channels = b[25] === 3 ? 4 : (PNG_CHANNELS[b[25]!] ?? 4);
  return [
    {
      width: b.readUInt32BE(16),
      height: b.readUInt32BE(20),
      bytesPerPixel: channels * Math.max(1, depth / 8),
    },
  ];
}

function jpeg(b: Buffer): Frame[] {
  for (let i = 2; i + 9 < b.length; ) {
    if (b[i] !== 0xff) return [];
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC), carry the frame's size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const depth = b[i + 4]!;
      return [
        {
          height: b.readUInt16BE(i + 5),
          width: b.readUInt16BE(i + 7),
          bytesPerPixel: b[i + 9]! * Math.max(1, depth / 8),
        },
      ];
    }
    if (marker === 0xda) return []; // scan data before any frame header
    i += 2 + b.readUInt16BE(i + 2);
  }
  return [];
}

function webp(b: Buffer): Frame[] {
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X')
    return [{ width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1, bytesPerPixel: 4 }];
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return [{ width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1, bytesPerPixel: 4 }];
  }
  if (chunk === 'VP8 ')
    return [{ width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff, bytesPerPixel: 4 }];
  return [];
}

/** Each directory (page) of a TIFF, at most `most` of them (the chain may loop or be endless). */
function tiff(b: Buffer, most: number): Frame[] {
  const le = b[0] === 0x49;
  const u16 = (at: number) => (le ? b.readUInt16LE(at) : b.readUInt16BE(at));
  const u32 = (at: number) => (le ? b.readUInt32LE(at) : b.readUInt32BE(at));
  const frames: Frame[] = [];
  const seen = new Set<number>();
  for (let ifd = u32(4); ifd !== 0 && frames.length < most && !seen.has(ifd); ) {
    seen.add(ifd);
    const count = u16(ifd);
    const tags = new Map<number, number>();
    for (let e = 0; e < count; e++) {
      const at = ifd + 2 + e * 12;
      const tag = u16(at);
      const kind = u16(at + 2);
      tags.set(tag, kind === 3 ? u16(at + 8) : u32(at + 8));
      // BitsPerSample with several samples points at a list: its first value is the depth.
      if (tag === 258 && u32(at + 4) > 2) tags.set(tag, u16(u32(at + 8)));
    }
    const samples = tags.get(277) ?? 1;
    frames.push({
      width: tags.get(256) ?? 0,
      height: tags.get(257) ?? 0,
      bytesPerPixel: samples * Math.max(1, (tags.get(258) ?? 8) / 8),
    });
    ifd = u32(ifd + 2 + count * 12);
  }
  return frames;
}
