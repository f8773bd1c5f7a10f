// Static Pix BR Code ("copia e cola"): EMV MPM fields as TLV — two-digit id, two-digit
// decimal length, value — closed by field 63 holding the CRC-16/CCITT-FALSE of everything
// before it, "6304" included (docs/payments.md, "Pix with manual release").

/** CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection, xorout 0. "123456789" → 29B1. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function field(id: string, value: string): string {
  const length = Buffer.byteLength(value, 'utf8');
  if (length > 99) throw new RangeError(`BR Code field ${id} longer than 99 bytes`);
  return id + String(length).padStart(2, '0') + value;
}

/** Printable ASCII without accents: what bank apps read in the name and city fields. */
export function emvText(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .trim()
    .slice(0, max);
}

export interface BrCodeInput {
  key: string;
  name: string;
  city: string;
  /** BRL centavos; omitted: the payer types the amount. */
  amountCentavos?: number;
  /** At most 25 letters and digits; `***` when none. */
  txid?: string;
  message?: string;
}

export function buildBrCode(input: BrCodeInput): string {
  const txid = input.txid ?? '***';
  if (txid !== '***' && !/^[A-Za-z0-9]{1,25}$/.test(txid))
    throw new RangeError('txid: 1 to 25 letters and digits');
  const account =
    field('00', 'br.gov.bcb.pix') +
    field('01', input.key) +
    (input.message ? field('02', input.message) : '');
  const amount =
    input.amountCentavos === undefined
      ? ''
      : field(
          '54',
          `${Math.floor(input.amountCentavos / 100)}.${String(input.amountCentavos % 100).padStart(2, '0')}`,
        );
  const body =
    field('00', '01') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    amount +
    field('58', 'BR') +
    field('59', emvText(input.name, 25)) +
    field('60', emvText(input.city, 15)) +
    field('62', field('05', txid)) +
    '6304';
  return body + crc16(body);
}

/** The BR Code as a PNG data URI (error correction M, as bank apps read best). */
export async function qrDataUri(payload: string): Promise<string> {
  const { default: QRCode } = await import('qrcode'); // on first use, not at start-up
  return QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 2, width: 320 });
}

/**
 * The txid of a package: `CRED<usd>USD`, or — when the page sent its browser id — that
 * plus 12 hex of it, so the owner can match the Pix statement line to the request that
 * carries the same `navegador_id`.
 */
export function txidFor(usd: number, navegadorId?: string): string {
  const base = `CRED${usd}USD`;
  return navegadorId ? base + navegadorId.replace(/-/g, '').slice(0, 12).toUpperCase() : base;
}
