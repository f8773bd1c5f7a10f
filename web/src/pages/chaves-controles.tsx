// The key controls on the Chaves page (docs/console.md "Chaves de API"): the optional fields
// of a new key, the edit form of an existing one, and how a key's limits read in the table.
// The rules (ranges, a future expiry) are the server's; the fields only help to type them.
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiProblem, api, describe, type Reply } from '../api.js';
import { day, usd } from '../format.js';
import { toast } from '../toast.js';
import { Field, Problem } from '../ui.js';

/** A key's controls and spend, as GET /api/account/keys answers them. */
export type KeyControlsRecord = Pick<
  Reply<'GET /api/account/keys'>['keys'][number],
  'budgetUsd' | 'expiresAt' | 'models' | 'requestsPerMinute' | 'tokensPerMinute' | 'spentUsd'
>;

/** The controls' fields; `prefix` keeps ids apart when two forms are on the page. */
export function ControlFields({ prefix, current }: { prefix: string; current?: KeyControlsRecord }) {
  return (
    <div class="controls">
      <Field
        id={`${prefix}-budget`}
        label="Orçamento mensal (US$)"
        name="budgetUsd"
        type="number"
        min="0.01"
        step="0.01"
        defaultValue={current?.budgetUsd?.toString() ?? ''}
        hint="Renova no dia 1 de cada mês (UTC)."
      />
      <Field
        id={`${prefix}-expires`}
        label="Expira em"
        name="expiresAt"
        type="date"
        defaultValue={current?.expiresAt?.slice(0, 10) ?? ''}
        hint="A chave para às 00:00 UTC desse dia."
      />
      <Field
        id={`${prefix}-models`}
        label="Modelos permitidos"
        name="models"
        defaultValue={current?.models?.join(', ') ?? ''}
        hint="Separados por vírgula; vazio: todos os liberados."
      />
      <Field
        id={`${prefix}-rpm`}
        label="Requisições por minuto"
        name="requestsPerMinute"
        type="number"
        min="1"
        step="1"
        defaultValue={current?.requestsPerMinute?.toString() ?? ''}
      />
      <Field
        id={`${prefix}-tpm`}
        label="Tokens por minuto"
        name="tokensPerMinute"
        type="number"
        min="1"
        step="1"
        defaultValue={current?.tokensPerMinute?.toString() ?? ''}
      />
    </div>
  );
}

/**
 * The controls typed in a form, as the key routes take them. An empty field is "no limit":
 * left out of a new key, sent as null to clear it on an existing one.
 */
export function controlsOf(form: FormData, empty: 'omit' | 'clear'): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const put = (name: string, value: (text: string) => unknown) => {
    const text = String(form.get(name) ?? '').trim();
    if (text !== '') out[name] = value(text);
    else if (empty === 'clear') out[name] = null;
  };
  put('budgetUsd', Number);
  put('expiresAt', (t) => t);
  put('models', (t) =>
    t
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean),
  );
  put('requestsPerMinute', Number);
  put('tokensPerMinute', Number);
  return out;
}

/** "US$ 0,32 de US$ 1,00 no mês" — what is spent this month against the budget. */
export function budgetText(k: KeyControlsRecord): string {
  const spent = k.spentUsd === null ? '' : usd(k.spentUsd);
  if (k.budgetUsd === null) return spent ? `${spent} no mês, sem orçamento` : 'sem orçamento';
  return spent ? `${spent} de ${usd(k.budgetUsd)} no mês` : `orçamento ${usd(k.budgetUsd)} por mês`;
}

export const expiryText = (iso: string | null) => (iso === null ? 'não expira' : `expira em ${day(iso)}`);

/** The edit form of one key; a stale sign-in hands the retry to the page's password prompt. */
export function EditControls(props: {
  id: string;
  name: string;
  current: KeyControlsRecord;
  onDone: (saved: boolean) => void;
  onReauth: (retry: () => Promise<void>) => void;
}) {
  const [problem, setProblem] = useState('');
  // Opened from the table's button: the focus follows to the form, below the table.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const save = async (body: Record<string, unknown>) => {
    setProblem('');
    try {
      await api('POST /api/account/keys/update', { body: { id: props.id, ...body } });
      toast(`Controles da chave “${props.name}” salvos.`);
      props.onDone(true);
    } catch (err) {
      if (err instanceof ApiProblem && err.code === 'reauth_required') {
        props.onReauth(() => save(body));
        return;
      }
      setProblem(describe(err));
    }
  };
  return (
    <form
      class="card"
      aria-label={`Controles da chave ${props.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        void save(controlsOf(new FormData(event.currentTarget as HTMLFormElement), 'clear'));
      }}
    >
      <h2 ref={heading} tabIndex={-1}>
        Controles da chave “{props.name}”
      </h2>
      <ControlFields prefix={`edit-${props.id}`} current={props.current} />
      <Problem text={problem} />
      <div class="row">
        <button type="submit">Salvar controles</button>
        <button type="button" class="secondary" onClick={() => props.onDone(false)}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
