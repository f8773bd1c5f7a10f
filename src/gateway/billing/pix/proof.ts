// A proof of payment is judged by its first bytes, never by its file name or declared
// type: a PDF named `.png` is a PDF (accepted, attached as PDF); an executable named
// `.pdf` is none of the four (415).

export type ProofType = 'jpeg' | 'png' | 'webp' | 'pdf';

export const PROOF_MAX_BYTES = 2 * 1024 * 1024;

export const PROOF_MIME: Record<ProofType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function proofType(bytes: Buffer): ProofType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(PNG)) return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  if (bytes.toString('latin1', 0, 5) === '%PDF-') return 'pdf';
  return undefined;
}
