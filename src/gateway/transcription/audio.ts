// What audio a file holds, by its bytes, and how long it is when the container says so
// (WAV and FLAC state it in their headers; the others would need decoding, and for them
// the provider's timeout is the limit).

export type AudioType = 'wav' | 'flac' | 'mp3' | 'ogg' | 'webm' | 'm4a';

const at = (b: Uint8Array, i: number, s: string) => [...s].every((c, k) => b[i + k] === c.charCodeAt(0));

export function sniffAudio(b: Uint8Array): AudioType | null {
  if (at(b, 0, 'RIFF') && at(b, 8, 'WAVE')) return 'wav';
  if (at(b, 0, 'fLaC')) return 'flac';
  if (at(b, 0, 'OggS')) return 'ogg';
  if (b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return 'webm';
  if (at(b, 4, 'ftyp')) return 'm4a';
  if (at(b, 0, 'ID3')) return 'mp3';
  // An MPEG audio frame: 11 set sync bits, a layer that is not the reserved 00.
  if (b.length > 2 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0 && (b[1]! & 0x06) !== 0) return 'mp3';
  return null;
}

/** Seconds of audio when the header states it; undefined when it cannot be known cheaply. */
export function statedSeconds(b: Uint8Array, type: AudioType): number | undefined {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (type === 'wav') return wavSeconds(b, view);
  if (type === 'flac') return flacSeconds(view);
  return undefined;
}

function wavSeconds(b: Uint8Array, view: DataView): number | undefined {
  let byteRate = 0;
  for (let i = 12; i + 8 <= b.length; ) {
    const size = view.getUint32(i + 4, true);
    if (at(b, i, 'fmt ') && i + 16 <= b.length) byteRate = view.getUint32(i + 16, true);
    if (at(b, i, 'data')) {
      if (byteRate === 0) return undefined;
      // Streamed recordings leave the size unset (0 or 0xFFFFFFFF): count what is there.
      const bytes = size === 0 || size === 0xffffffff ? b.length - i - 8 : size;
      return bytes / byteRate;
    }
    i += 8 + size + (size % 2);
  }
  return undefined;
}

function flacSeconds(view: DataView): number | undefined {
  // STREAMINFO is the first metadata block: sample rate (20 bits) and total samples (36 bits)
  // start 10 bytes into its body, which starts at byte 8.
  if (view.byteLength < 26 || (view.getUint8(4) & 0x7f) !== 0) return undefined;
  const hi = view.getUint32(18);
  const rate = hi >>> 12;
  const samples = (hi & 0x0f) * 2 ** 32 + view.getUint32(22);
  return rate > 0 && samples > 0 ? samples / rate : undefined;
}
