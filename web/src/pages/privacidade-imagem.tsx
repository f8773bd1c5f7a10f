// Privacidade, images: an image chosen here is redacted as a model request would have it
// redacted (POST /api/account/playground/image, in the chosen organisation's settings),
// and both are shown side by side — what was sent, and what the model vendor would receive.
import { useState } from 'preact/hooks';
import { api, describe, type Reply } from '../api.js';
import type { Policy } from './privacidade.js';
import { Findings } from './achados.js';
import { Problem } from '../ui.js';

type Redacted = Reply<'POST /api/account/playground/image'>;

/** Images above this size are refused here, before the upload (the route takes about 7.5 MB). */
const MAX_BYTES = 7 * 1024 * 1024;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export function ImagePreview({ owner, policy }: { owner: string; policy: Policy | '' }) {
  const [original, setOriginal] = useState('');
  const [redacted, setRedacted] = useState<Redacted | null>(null);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  const choose = async (event: Event) => {
    const file = (event.currentTarget as HTMLInputElement).files?.[0];
    setProblem('');
    setRedacted(null);
    if (!file) return;
    if (file.size > MAX_BYTES) {
      setOriginal('');
      setProblem('A imagem passa de 7 MB; reduza a resolução e tente de novo.');
      return;
    }
    const data = await readAsDataUrl(file);
    setOriginal(data);
    setBusy(true);
    try {
      setRedacted(
        await api('POST /api/account/playground/image', {
          body: {
            organizationId: owner || null,
            image: data,
            ...(policy ? { policy } : {}),
          },
        }),
      );
    } catch (err) {
      setProblem(describe(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="imagem-titulo">
      <h2 id="imagem-titulo">Imagem</h2>
      <p>
        Escolha uma foto ou captura de tela (JPEG, PNG ou WebP) e veja o que o fornecedor do modelo receberia:
        o texto é lido por OCR e os dados pessoais encontrados são cobertos com tarjas.
      </p>
      <div class="field">
        <label for="f-image">Escolher imagem</label>
        <input
          id="f-image"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          onChange={choose}
          disabled={busy}
        />
        {busy && <small class="hint">Lendo a imagem…</small>}
      </div>
      <Problem text={problem} />
      {original && redacted && (
        <>
          {redacted.images === 'refuse' && (
            <p class="hint" data-testid="imagens-recusadas">
              Com a configuração atual desta organização, pedidos com imagens são recusados. Ative “Cobrir os
              dados pessoais” em Organização para enviá-las assim.
            </p>
          )}
          {redacted.blocked && (
            <p class="hint">A política é bloquear: um pedido com esta imagem seria recusado e nada sairia.</p>
          )}
          <div class="side-by-side">
            <figure>
              <figcaption>Original</figcaption>
              <img src={original} alt="A imagem escolhida, como foi enviada" style="max-width: 100%" />
            </figure>
            <figure>
              <figcaption>O que o modelo vê</figcaption>
              <img
                src={redacted.image}
                data-testid="redacted-image"
                alt="A imagem com os dados pessoais cobertos"
                style="max-width: 100%"
              />
            </figure>
          </div>
          <Findings findings={redacted.findings} action={() => 'coberto na imagem'} />
        </>
      )}
    </section>
  );
}
