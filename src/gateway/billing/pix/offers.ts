// GET /api/credito/pix: the key, the fixed rate, one BR Code and QR image per package,
// and what a proof may be.
import type { PixConfig } from '../config.js';
import { PACKAGES_USD } from '../tokens.js';
import { buildBrCode, qrDataUri, txidFor } from './brcode.js';
import { PROOF_MAX_BYTES, PROOF_MIME } from './proof.js';

export const brlCentavos = (usd: number, pix: Pick<PixConfig, 'brl_por_usd'>) =>
  Math.round(usd * pix.brl_por_usd * 100);

export async function pixOffers(pix: PixConfig, navegadorId?: string) {
  const pacotes = await Promise.all(
    PACKAGES_USD.map(async (usd) => {
      const brl_centavos = brlCentavos(usd, pix);
      const txid = txidFor(usd, navegadorId);
      const copia_e_cola = buildBrCode({
        key: pix.chave,
        name: pix.nome,
        city: pix.cidade,
        amountCentavos: brl_centavos,
        txid,
      });
      return { usd, brl_centavos, txid, copia_e_cola, imagem: await qrDataUri(copia_e_cola) };
    }),
  );
  return {
    chave: pix.chave,
    brl_por_usd: pix.brl_por_usd,
    pacotes,
    comprovante: { tipos: Object.values(PROOF_MIME), max_bytes: PROOF_MAX_BYTES },
    liberacao: 'manual' as const,
  };
}
