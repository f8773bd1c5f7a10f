// Privacidade: the playground. The text goes to /v1/privacy/clean with a key of the
// session's choice, exactly as any client would send it, so what it shows is what the API
// does; then, optionally, to a catalogue model with the placeholders restored in the answer.
import { useEffect, useState } from 'preact/hooks';
import { api, describe, v1 } from '../api.js';
import { event } from '../funnel.js';
import { playgroundKey, useStore } from '../state.js';
import { Problem } from '../ui.js';

interface Finding {
  category: string;
  count: number;
  action: string;
}

interface Cleaned {
  clean_text: string;
  findings: Finding[];
  audit_id: string;
}

const CATEGORY: Record<string, string> = {
  cpf: 'CPF',
  cnpj: 'CNPJ',
  rg: 'RG',
  cnh: 'CNH',
  pis: 'PIS/PASEP/NIS',
  titulo_eleitor: 'Título de eleitor',
  cns: 'Cartão do SUS',
  renavam: 'RENAVAM',
  passaporte: 'Passaporte',
  email: 'E-mail',
  telefone: 'Telefone',
  cartao: 'Cartão de pagamento',
  conta_bancaria: 'Agência e conta',
  chave_pix: 'Chave Pix aleatória',
  placa: 'Placa de veículo',
  endereco: 'Endereço',
  data_nascimento: 'Data de nascimento',
  ip: 'Endereço IP',
  nome: 'Nome',
};

const ACTION: Record<string, string> = {
  placeholder: 'trocado por marcador',
  redact: 'removido',
  block: 'bloqueado',
};

export function Privacidade() {
  const key = useStore(playgroundKey);
  const [text, setText] = useState('');
  const [mode, setMode] = useState<'text' | 'json'>('text');
  const [policy, setPolicy] = useState('');
  const [cleaned, setCleaned] = useState<Cleaned | null>(null);
  const [problem, setProblem] = useState('');
  const [models, setModels] = useState<string[]>([]);
  const [answer, setAnswer] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!key) return;
    v1<{ data: { id: string }[] }>(key, '/v1/models')
      .then((r) => setModels(r.data.map((m) => m.id)))
      .catch(() => setModels([]));
  }, [key]);

  const makeKey = async () => {
    setProblem('');
    try {
      const made = await api<{ secret: string }>('POST', '/api/account/keys/create', {
        name: `Console ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`,
        organizationId: null,
      });
      playgroundKey.set(made.secret);
    } catch (err) {
      setProblem(`${describe(err)} Você também pode colar uma chave abaixo.`);
    }
  };

  const clean = async (event_: Event) => {
    event_.preventDefault();
    setProblem('');
    setAnswer('');
    let body: Record<string, unknown>;
    if (mode === 'json') {
      try {
        body = { input: JSON.parse(text) };
      } catch {
        setProblem('O texto não é um JSON válido.');
        return;
      }
    } else body = { text };
    if (policy) body.policy = policy;
    setBusy(true);
    try {
      setCleaned(await v1<Cleaned>(key, '/v1/privacy/clean', body));
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
      const reply = await v1<{ choices: { message: { content: string } }[] }>(
        key,
        '/v1/chat/completions',
        { model, messages: [{ role: 'user', content: text }] },
        policy ? { 'x-svc-policy': policy } : {},
      );
      setAnswer(reply.choices[0]?.message.content ?? '');
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
      <div class="field">
        <label for="f-key">Chave de API usada pelo console</label>
        <input
          id="f-key"
          type="password"
          autoComplete="off"
          value={key}
          placeholder="svck_…"
          onInput={(e) => playgroundKey.set((e.currentTarget as HTMLInputElement).value.trim())}
          aria-describedby="f-key-hint"
        />
        <small id="f-key-hint" class="hint">
          Fica só na memória desta aba.{' '}
          <button type="button" class="link" onClick={makeKey}>
            Criar uma chave para o console
          </button>
        </small>
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
            onChange={(e) => setPolicy((e.currentTarget as HTMLSelectElement).value)}
          >
            <option value="">A da organização</option>
            <option value="placeholder">Marcadores</option>
            <option value="redact">Remover</option>
            <option value="block">Bloquear</option>
          </select>
          <small class="hint">Uma política só pode ser mais rígida que a da organização.</small>
        </div>
        <button type="submit" disabled={!key || busy}>
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
              <pre data-testid="clean">{highlight(cleaned.clean_text)}</pre>
            </figure>
          </div>
          <div class="table-wrap">
            <table>
              <caption>Achados</caption>
              <thead>
                <tr>
                  <th scope="col">Categoria</th>
                  <th scope="col">Quantidade</th>
                  <th scope="col">Ação</th>
                </tr>
              </thead>
              <tbody>
                {cleaned.findings.length === 0 ? (
                  <tr>
                    <td colSpan={3}>Nenhum dado pessoal encontrado.</td>
                  </tr>
                ) : (
                  cleaned.findings.map((f) => (
                    <tr key={f.category}>
                      <td>{CATEGORY[f.category] ?? f.category}</td>
                      <td>{f.count}</td>
                      <td>{ACTION[f.action] ?? f.action}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
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
          <pre data-testid="answer">{highlight(answer)}</pre>
        </figure>
      )}
    </section>
  );
}

/** Placeholders as marked spans, coloured by category. */
function highlight(text: string) {
  const parts = text.split(/(\[[A-Z]+_\d+\])/);
  return parts.map((part, i) => {
    const m = /^\[([A-Z]+)_\d+\]$/.exec(part);
    return m ? (
      <mark key={i} class={`ph ph-${m[1]!.toLowerCase()}`}>
        {part}
      </mark>
    ) : (
      part
    );
  });
}
