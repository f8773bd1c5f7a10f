// Privacidade: the playground. The text goes through the same barrier as
// POST /v1/privacy/clean (an image through the image step of model requests:
// privacidade-imagem.tsx), with the signed-in session in the settings of the organisation
// chosen here (its policy, name sensitivity and restoration), so what it shows is what that
// organisation's keys get; then, optionally, to a catalogue model. No API key is created.
import { useEffect, useState } from 'preact/hooks';
import { api, describe, type Reply, type Routes } from '../api.js';
import { event } from '../funnel.js';
import { Highlighted } from '../highlight.js';
import { Problem } from '../ui.js';
import { Findings } from './achados.js';
import { ImagePreview } from './privacidade-imagem.js';

type Cleaned = Reply<'POST /api/account/playground/clean'>;

/** A policy the playground may ask for; '' keeps the organisation's. */
export type Policy = NonNullable<Routes['POST /api/account/playground/clean']['body']['policy']>;
const POLICIES: Policy[] = ['placeholder', 'redact', 'block'];
const policyOf = (value: string): Policy | '' => POLICIES.find((p) => p === value) ?? '';

export function Privacidade() {
  const [orgs, setOrgs] = useState<{ id: string; name: string }[] | null>(null);
  const [owner, setOwner] = useState('');
  const [text, setText] = useState('');
  const [mode, setMode] = useState<'text' | 'json'>('text');
  const [policy, setPolicy] = useState<Policy | ''>('');
  const [cleaned, setCleaned] = useState<Cleaned | null>(null);
  const [problem, setProblem] = useState('');
  const [models, setModels] = useState<string[]>([]);
  const [answer, setAnswer] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api('GET /api/account/organizations')
      .then((r) => {
        setOrgs(r.organizations);
        // Traffic mostly runs on organisation keys: start where it does.
        if (r.organizations[0]) setOwner(r.organizations[0].id);
      })
      .catch(() => setOrgs(null));
  }, []);
  useEffect(() => {
    api('GET /api/account/playground/models', { query: { organizationId: owner || undefined } })
      .then((r) => setModels(r.data.map((m) => m.id)))
      .catch(() => setModels([]));
  }, [owner]);

  const clean = async (event_: Event) => {
    event_.preventDefault();
    setProblem('');
    setAnswer('');
    let content: { input: unknown } | { text: string };
    if (mode === 'json') {
      try {
        content = { input: JSON.parse(text) };
      } catch {
        setProblem('O texto não é um JSON válido.');
        return;
      }
    } else content = { text };
    const body = { ...content, ...(policy ? { policy } : {}), organizationId: owner || null };
    setBusy(true);
    try {
      setCleaned(await api('POST /api/account/playground/clean', { body }));
      event('playground_limpar');
    } catch (err) {
      setCleaned(null);
      setProblem(describe(err));
    } finally {
      setBusy(false);
    }
  };

  const ask = async (model: string) => {
    setProblem('');
    setBusy(true);
    try {
      const reply = await api('POST /api/account/playground/chat', {
        body: {
          organizationId: owner || null,
          model,
          text,
          ...(policy ? { policy } : {}),
        },
      });
      setAnswer(reply.content);
    } catch (err) {
      setProblem(describe(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section>
      <h1 tabIndex={-1}>Privacidade</h1>
      <p>Cole um texto (ou um corpo JSON) e veja o que o modelo receberia.</p>
      <div class="field narrow">
        <label for="f-owner">Nas regras de</label>
        <select
          id="f-owner"
          value={owner}
          onChange={(e) => setOwner((e.currentTarget as HTMLSelectElement).value)}
        >
          {(orgs ?? []).map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
          <option value="">Minha conta pessoal</option>
        </select>
        <small class="hint">
          A política, a sensibilidade a nomes e a restauração de marcadores são as dessa organização. O
          console usa a sua sessão: nenhuma chave de API é criada.
        </small>
        {orgs?.length === 0 && (
          <small class="hint" data-testid="sem-organizacao">
            Sua conta ainda não tem organização, então vale a política padrão.{' '}
            <a href="/organizacao">Crie uma organização</a> para escolher a política, as categorias e as
            chaves da sua equipe.
          </small>
        )}
      </div>
      <form onSubmit={clean}>
        <fieldset class="row">
          <legend>Formato</legend>
          <label>
            <input type="radio" name="mode" checked={mode === 'text'} onChange={() => setMode('text')} />{' '}
            Texto
          </label>
          <label>
            <input type="radio" name="mode" checked={mode === 'json'} onChange={() => setMode('json')} /> JSON
          </label>
        </fieldset>
        <div class="field">
          <label for="f-text">Texto original</label>
          <textarea
            id="f-text"
            rows={8}
            value={text}
            onInput={(e) => setText((e.currentTarget as HTMLTextAreaElement).value)}
            required
          />
        </div>
        <div class="field">
          <label for="f-policy">Política</label>
          <select
            id="f-policy"
            value={policy}
            onChange={(e) => setPolicy(policyOf((e.currentTarget as HTMLSelectElement).value))}
          >
            <option value="">A da organização</option>
            <option value="placeholder">Marcadores</option>
            <option value="redact">Remover</option>
            <option value="block">Bloquear</option>
          </select>
          <small class="hint">Uma política só pode ser mais rígida que a da organização.</small>
        </div>
        <button type="submit" disabled={busy}>
          Ver o que o modelo recebe
        </button>
      </form>
      <Problem text={problem} />
      {cleaned && (
        <>
          <div class="side-by-side">
            <figure>
              <figcaption>Original</figcaption>
              <pre>{text}</pre>
            </figure>
            <figure>
              <figcaption>O que o modelo vê</figcaption>
              <pre data-testid="clean">
                <Highlighted text={cleaned.clean_text} />
              </pre>
            </figure>
          </div>
          <Findings findings={cleaned.findings} />
          {models.length > 0 && (
            <div class="row">
              {models.map((m) => (
                <button key={m} type="button" disabled={busy} onClick={() => ask(m)}>
                  Enviar para {m}
                </button>
              ))}
            </div>
          )}
        </>
      )}
      {answer && (
        <figure>
          <figcaption>Resposta do modelo (marcadores restaurados quando a organização permite)</figcaption>
          <pre data-testid="answer">
            <Highlighted text={answer} />
          </pre>
        </figure>
      )}
      <ImagePreview owner={owner} policy={policy} />
    </section>
  );
}
