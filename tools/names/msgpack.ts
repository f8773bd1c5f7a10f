// The part of MessagePack the word-frequency list uses (arrays, maps, strings, small
// integers, nil and booleans), enough to read it at build time without a dependency.

export function decodeMsgpack(buf: Uint8Array): unknown {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const utf8 = new TextDecoder();
  let p = 0;
  const str = (n: number) => {
    const s = utf8.decode(buf.subarray(p, p + n));
    p += n;
    return s;
  };
  const array = (n: number): unknown[] => {
    const out: unknown[] = [];
    for (let i = 0; i < n; i++) out.push(next());
    return out;
  };
  const map = (n: number): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) {
      const k = String(next());
      out[k] = next();
    }
    return out;
  };
  const u16 = () => {
    p += 2;
    return view.getUint16(p - 2);
  };
  const u32 = () => {
    p += 4;
    return view.getUint32(p - 4);
  };
  function next(): unknown {
    const b = buf[p++]!;
    if (b <= 0x7f) return b;
    if (b >= 0xe0) return b - 0x100;
    if ((b & 0xe0) === 0xa0) return str(b & 0x1f);
    if ((b & 0xf0) === 0x90) return array(b & 0x0f);
    if ((b & 0xf0) === 0x80) return map(b & 0x0f);
    switch (b) {
      case 0xc0:
        return null;
      case 0xc2:
        return false;
      case 0xc3:
        return true;
      case 0xcc:
        return buf[p++]!;
      case 0xcd:
        return u16();
      case 0xce:
        return u32();
      case 0xd9:
        return str(buf[p++]!);
      case 0xda:
        return str(u16());
      case 0xdb:
        return str(u32());
      case 0xdc:
        return array(u16());
      case 0xdd:
        return array(u32());
      case 0xde:
        return map(u16());
      case 0xdf:
        return map(u32());
      default:
        throw new Error(`msgpack: unsupported type byte 0x${b.toString(16)} at ${p - 1}`);
    }
  }
  return next();
}
