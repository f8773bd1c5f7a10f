// The landing page's live demonstration: the visitor's text through the barrier
// (POST /api/demo/clean — the API's cleaning, no account, nothing stored), shown beside
// what the model would receive, with what was found per category.
import { useState } from 'preact/hooks';
import { ApiProblem, api, describe, type Reply, type Routes } from '../api.js';
import { categoryName } from '../categories.js';
import { Highlighted } from '../highlight.js';
import { number } from '../format.js';
import { Problem } from '../ui.js';

export const DEMO_TEXT =
  'Olá, sou a Maria Aparecida Souza, CPF 529.982.247-25. Podem me responder em maria.souza@exemplo.com.br ou no (11) 98765-4321? Moro na Rua das Flores, 123, São Paulo. O pagamento vai no cartão 4111 1111 1111 1111 e a nota sai para a empresa 11.222.333/0001-81.';

/** The demonstration's limits, as the server enforces them (docs/security.md). */
const MAX_CHARS = 2000;

type Policy = NonNullable<Routes['POST /api/demo/clean']['body']['policy']>;

const POLICIES: [Policy, string, string][] = [
  ['placeholder', 'Marcadores', 'cada dado vira um marcador numerado, como [CPF_1]'],
  ['redact', 'Remover', 'cada dado vira um aviso, como [CPF removido]'],
  ['block', 'Bloquear', 'o pedido com dado pessoal é recusado'],
];

interface Outcome {
  sent: string;
  clean?: string;
  findings?: Reply<'POST /api/demo/clean'>['findings'];
  blocked?: string;
}

export function Demo() {
  const [text, setText] = useState(DEMO_TEXT);
  const [policy, setPolicy] = useState<Policy>('placeholder');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const chars = [...text].length;

  const submit = async (event: Event) => {
    event.preventDefault();
    setProblem('');
    setBusy(true);
    try {
      const body = await api('POST /api/demo/clean', { body: { text, policy } });
      setOutcome({ sent: text, clean: body.clean_text, findings: body.findings });
    } catch (err) {
      if (err instanceof ApiProblem && err.status === 422 && err.code === 'pii_blocked') {
        setOutcome({ sent: text, blocked: err.message });
        return;
      }
      setOutcome(null);
      setProblem(describe(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="demo">
      <form onSubmit={submit} class="demo-form">
        <div class="field">
          <label for="demo-text">Texto de exemplo (edite à vontade)</label>
          <textarea
            id="demo-text"
            rows={6}
            maxLength={MAX_CHARS}
            value={text}
            aria-describedby="demo-count demo-limits"
            onInput={(e) => setText((e.currentTarget as HTMLTextAreaElement).value)}
            required
          />
          <small id="demo-count" class="hint">
            {number(chars)} de {number(MAX_CHARS)} caracteres
          </small>
        </div>
        <fieldset class="row">
          <legend>Política</legend>
          {POLICIES.map(([value, title, hint]) => (
            <label key={value} title={hint}>
              <input
                type="radio"
                name="demo-policy"
                value={value}
                checked={policy === value}
                onChange={() => setPolicy(value)}
              />
              {title}
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={busy || chars === 0} aria-busy={busy ? 'true' : undefined}>
          Passar pela barreira
        </button>
        <p id="demo-limits" class="hint">
          Sem conta e sem guardar nada: até {number(MAX_CHARS)} caracteres por texto e 5 textos por minuto. É
          a mesma barreira da API.
        </p>
      </form>
      <Problem text={problem} />
      <div aria-live="polite">
        {outcome && (
          <div class="demo-result">
            <div class="side-by-side">
              <figure>
                <figcaption>Você escreveu</figcaption>
                <pre>{outcome.sent}</pre>
              </figure>
              <figure>
                <figcaption>O que o modelo recebe</figcaption>
                {outcome.blocked ? (
                  <pre data-testid="demo-blocked">Nada: {outcome.blocked}</pre>
                ) : (
                  <pre data-testid="demo-clean">
                    <Highlighted text={outcome.clean ?? ''} />
                  </pre>
                )}
              </figure>
            </div>
            {outcome.findings && (
              <p class="findings">
                {outcome.findings.length === 0 ? (
                  'Nenhum dado pessoal encontrado neste texto.'
                ) : (
                  <>
                    <span>Encontrado: </span>
                    {outcome.findings.map((f) => (
                      <span key={f.category} class={`chip ph-${f.category}`}>
                        {categoryName(f.category)} × {f.count}
                      </span>
                    ))}
                  </>
                )}
              </p>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
