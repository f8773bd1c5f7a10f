// Crédito: buy a package by manual Pix (copy-and-paste code and QR, then the proof) or by
// automatic Pix (Asaas), and read the balance of a cred_ token. Opening it tells the server
// a payment page was seen (POST /api/pagamento/aberto), which starts nothing.
import { useEffect, useState } from 'preact/hooks';
import { ApiProblem, api, describe, type Reply, uploadWithProgress } from '../api.js';
import { brl, dateTime, usd } from '../format.js';
import { me, useStore } from '../state.js';
import { Field, Notice, Problem } from '../ui.js';

type Means = Reply<'GET /api/pagamento'>['meios'];

export function Credito() {
  const user = useStore(me);
  const [means, setMeans] = useState<Means | null>(null);
  const [problem, setProblem] = useState('');
  const holdings = useHoldings(Boolean(user));
  useEffect(() => {
    api('POST /api/pagamento/aberto', { headers: { 'x-svc-payment-view': '1' } }).catch(() => {});
    // Asks first what this server sells, so a server without payments costs no refused call.
    api('GET /api/pagamento')
      .then((doc) => setMeans(doc.meios))
      .catch((err) => setProblem(describe(err)));
  }, []);
  const sells = means && (means.x402 || means.pix || means.asaas);
  // Credit pays only the calls of prepaid organisations (docs/payments.md): an account whose
  // organisations are all free has nothing to buy it for, so it is told why instead.
  const known = !user || holdings !== null;
  const needless = known && Boolean(user) && !holdings?.couldPay;
  return (
    <section>
      <h1 tabIndex={-1}>Crédito</h1>
      <Problem text={problem || holdings?.problem || ''} />
      <SaldoDaOrganizacao balances={holdings?.balances ?? []} charging={Boolean(sells)} />
      {means && !sells && (
        <Notice text="Este servidor não vende crédito: as chamadas de modelo não são cobradas." />
      )}
      {sells && needless && (
        <div class="card" data-testid="credito-desnecessario">
          <h2>Você não precisa de crédito agora</h2>
          <p>
            {holdings?.balances.length
              ? 'Suas organizações são gratuitas: as chamadas das chaves delas não são cobradas.'
              : 'Chaves da conta pessoal não são cobradas.'}{' '}
            O crédito pré-pago só paga chamadas de organizações no plano pré-pago. Quem passa uma organização
            para o pré-pago é o operador deste servidor; a partir daí, a compra aparece aqui.
          </p>
        </div>
      )}
      {sells && known && !needless && (
        <>
          <p>O crédito pré-pago paga chamadas de modelos e tarefas. Pacotes de US$ 1, 5, 10 ou 25.</p>
          {means.pix && <PixManual />}
          {means.asaas && <PixAutomatico />}
          <Saldo />
        </>
      )}
    </section>
  );
}

type OrgBalance = Reply<'GET /api/account/organizations/{id}/credito'>;

interface Holdings {
  /** The balances of the organisations the account owns or administers. */
  balances: OrgBalance[];
  /** Whether credit could pay anything of this account's: a prepaid organisation, or one whose billing a plain member cannot see. */
  couldPay: boolean;
  problem?: string;
}

/** The signed-in account's organisations and, where it may read them, their balances (null until known). */
function useHoldings(signedIn: boolean): Holdings | null {
  const [holdings, setHoldings] = useState<Holdings | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    api('GET /api/account/organizations')
      .then(async ({ organizations }) => {
        const managed = organizations.filter((o) => o.role === 'owner' || o.role === 'admin');
        const balances = await Promise.all(
          managed.map((o) => api('GET /api/account/organizations/{id}/credito', { params: { id: o.id } })),
        );
        const couldPay =
          managed.length < organizations.length || balances.some((b) => b.billing === 'prepaid');
        setHoldings({ balances, couldPay });
      })
      // Unknown: the purchase stays offered, as to a visitor.
      .catch((err) => setHoldings({ balances: [], couldPay: true, problem: describe(err) }));
  }, [signedIn]);
  return signedIn ? holdings : null;
}

/** The balances of the organisations the signed-in account owns or administers. */
function SaldoDaOrganizacao({ balances, charging }: { balances: OrgBalance[]; charging: boolean }) {
  if (balances.length === 0) return null;
  return (
    <fieldset>
      <legend>Saldo das suas organizações</legend>
      {balances.map((b) => (
        <div key={b.organization.id} class="org-balance" data-testid="saldo-organizacao">
          <p>
            <strong>{b.organization.name}</strong>:{' '}
            {b.billing === 'prepaid'
              ? `${usd(Number(b.saldo_usd))} (pré-pago${charging ? ': as chamadas das chaves da organização gastam este saldo' : ''})`
              : 'gratuita: as chamadas das chaves da organização não são cobradas e não precisam de crédito.'}
          </p>
          {b.movimentos.length > 0 && (
            <ul>
              {b.movimentos.slice(0, 5).map((m) => (
                <li key={m.em + m.tipo}>
                  {dateTime(m.em)} · {m.tipo} · {usd(Number(m.usd))}
                  {m.produto ? ` · ${m.produto}` : ''}
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </fieldset>
  );
}

/** A proof sent: its request, whose state the person checks later. */
type Sent = Omit<Reply<'POST /api/credito/pix'>, 'estado'> &
  Pick<Reply<'GET /api/credito/pix/{id}'>, 'estado'>;

function PixManual() {
  const [offers, setOffers] = useState<Reply<'GET /api/credito/pix'> | null>(null);
  const [problem, setProblem] = useState('');
  const [usd, setUsd] = useState(5);
  const [copied, setCopied] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);

  useEffect(() => {
    api('GET /api/credito/pix')
      .then(setOffers)
      .catch((err) =>
        setProblem(
          err instanceof ApiProblem && err.status === 503 ? 'Pix indisponível no momento.' : describe(err),
        ),
      );
  }, []);
  const pacote = offers?.pacotes.find((p) => p.usd === usd);

  const submit = (event: Event) => {
    event.preventDefault();
    setProblem('');
    const form = new FormData(event.currentTarget as HTMLFormElement);
    form.set('usd', String(usd));
    uploadWithProgress('POST /api/credito/pix', form, setProgress)
      .then(setSent)
      .catch((err) => setProblem(describe(err)))
      .finally(() => setProgress(null));
  };

  const check = async () => {
    if (!sent) return;
    try {
      const state = await api('GET /api/credito/pix/{id}', { params: { id: sent.id } });
      setSent({ ...sent, estado: state.estado });
    } catch (err) {
      setProblem(describe(err));
    }
  };

  return (
    <fieldset>
      <legend>Pix (liberação manual)</legend>
      <Problem text={problem} />
      {offers && (
        <>
          <Packages list={offers.pacotes} value={usd} onChange={setUsd} name="pix-usd" />
          {pacote && (
            <div class="pix">
              <img
                src={pacote.imagem}
                alt={`QR Code Pix de ${brl(pacote.brl_centavos)}`}
                width={220}
                height={220}
              />
              <div class="field">
                <label for="f-copia">Pix copia e cola</label>
                <textarea
                  id="f-copia"
                  readOnly
                  rows={4}
                  value={pacote.copia_e_cola}
                  data-testid="copia-e-cola"
                />
              </div>
              <button
                type="button"
                onClick={async () => {
                  await navigator.clipboard?.writeText(pacote.copia_e_cola).catch(() => {});
                  setCopied(true);
                }}
              >
                {copied ? 'Copiado' : 'Copiar código'}
              </button>
              <p>Chave Pix: {offers.chave}</p>
            </div>
          )}
          {sent ? (
            <div class="secret">
              <p>
                <strong>Guarde agora:</strong> seu token de crédito vale depois que o pagamento for conferido.
              </p>
              <code class="secret-value" data-testid="credito-token">
                {sent.credito}
              </code>
              <p>
                É um token ao portador: quem o tiver usa o crédito. Envie-o no cabeçalho{' '}
                <code>X-Credito</code> das chamadas pagas (e use-o abaixo para ver o saldo).
              </p>
              <CopyButton value={sent.credito} />
              <p role="status">
                Pedido {sent.id.slice(0, 8)}…:{' '}
                {sent.estado === 'pendente' ? 'aguardando conferência' : sent.estado}
              </p>
              <button type="button" onClick={check}>
                Ver situação
              </button>
            </div>
          ) : (
            <form onSubmit={submit} aria-label="Enviar comprovante">
              <Field
                label="Seu e-mail (para a resposta)"
                name="email"
                type="email"
                autoComplete="email"
                required
              />
              <div class="field">
                <label for="f-proof">
                  Comprovante (foto ou PDF, até {Math.round(offers.comprovante.max_bytes / 1e6)} MB)
                </label>
                <input
                  id="f-proof"
                  name="comprovante"
                  type="file"
                  accept={offers.comprovante.tipos.join(',')}
                  required
                />
              </div>
              {progress !== null && <progress max={100} value={progress} aria-label="Envio do comprovante" />}
              <button type="submit">Enviar comprovante</button>
            </form>
          )}
        </>
      )}
    </fieldset>
  );
}

function PixAutomatico() {
  const [offers, setOffers] = useState<Reply<'GET /api/credito/asaas'> | null>(null);
  const [usd, setUsd] = useState(5);
  const [problem, setProblem] = useState('');
  const [charge, setCharge] = useState<Reply<'POST /api/credito/asaas'> | null>(null);
  const [estado, setEstado] = useState('pendente');

  useEffect(() => {
    api('GET /api/credito/asaas')
      .then(setOffers)
      .catch(() => setOffers(null));
  }, []);
  useEffect(() => {
    if (!charge || estado !== 'pendente') return;
    const timer = setInterval(async () => {
      try {
        setEstado((await api('GET /api/credito/asaas/{id}', { params: { id: charge.id } })).estado);
      } catch {
        // The next tick tries again.
      }
    }, 5000);
    return () => clearInterval(timer);
  }, [charge, estado]);

  if (!offers?.disponivel) return null;
  const submit = async (event: Event) => {
    event.preventDefault();
    setProblem('');
    const form = new FormData(event.currentTarget as HTMLFormElement);
    try {
      setCharge(
        await api('POST /api/credito/asaas', {
          body: {
            oferta: { pacote: { usd } },
            pagador: {
              ...(form.get('documento') ? { documento: String(form.get('documento')) } : {}),
              ...(form.get('nome') ? { nome: String(form.get('nome')) } : {}),
              ...(form.get('email') ? { email: String(form.get('email')) } : {}),
            },
          },
        }),
      );
    } catch (err) {
      setProblem(describe(err));
    }
  };
  return (
    <fieldset>
      <legend>Pix automático</legend>
      <Packages list={offers.pacotes} value={usd} onChange={setUsd} name="asaas-usd" />
      {charge ? (
        <div class="pix">
          <img src={charge.pix.imagem} alt="QR Code Pix da cobrança" width={220} height={220} />
          <div class="field">
            <label for="f-asaas-copia">Pix copia e cola</label>
            <textarea id="f-asaas-copia" readOnly rows={4} value={charge.pix.copia_e_cola} />
          </div>
          <p>Vence em {dateTime(charge.pix.expira_em)}.</p>
          {charge.credito && (
            <p>
              <strong>Guarde agora:</strong> <code class="secret-value">{charge.credito}</code>
            </p>
          )}
          <Notice
            text={estado === 'pago' ? 'Pagamento confirmado: o crédito já vale.' : `Situação: ${estado}`}
          />
        </div>
      ) : (
        <form onSubmit={submit} aria-label="Gerar cobrança Pix">
          {offers.precisa_documento && (
            <>
              <Field label="CPF ou CNPJ de quem paga" name="documento" required inputMode="numeric" />
              <Field label="Nome de quem paga" name="nome" required autoComplete="name" />
            </>
          )}
          <Field label="E-mail (opcional)" name="email" type="email" autoComplete="email" />
          <button type="submit">Gerar Pix</button>
        </form>
      )}
      <Problem text={problem} />
    </fieldset>
  );
}

function Saldo() {
  const [token, setToken] = useState('');
  const [saldo, setSaldo] = useState<Reply<'GET /api/credito'> | null>(null);
  const [problem, setProblem] = useState('');
  const submit = async (event: Event) => {
    event.preventDefault();
    setProblem('');
    try {
      setSaldo(await api('GET /api/credito', { headers: { 'x-credito': token.trim() } }));
    } catch (err) {
      setSaldo(null);
      setProblem(describe(err));
    }
  };
  return (
    <form onSubmit={submit} aria-label="Consultar saldo">
      <fieldset>
        <legend>Saldo de um token</legend>
        <div class="field">
          <label for="f-cred">Token de crédito (cred_…)</label>
          <input
            id="f-cred"
            type="password"
            autoComplete="off"
            value={token}
            onInput={(e) => setToken((e.currentTarget as HTMLInputElement).value)}
            required
          />
        </div>
        <button type="submit">Consultar</button>
        {saldo && (
          <p role="status">
            Saldo: {usd(Number(saldo.saldo_usd))} (criado em {dateTime(saldo.criado_em)})
          </p>
        )}
        <Problem text={problem} />
      </fieldset>
    </form>
  );
}

function Packages({
  list,
  value,
  onChange,
  name,
}: {
  list: { usd: number; brl_centavos: number }[];
  value: number;
  onChange: (usd: number) => void;
  name: string;
}) {
  return (
    <fieldset class="row">
      <legend>Pacote</legend>
      {list.map((p) => (
        <label key={p.usd}>
          <input type="radio" name={name} checked={p.usd === value} onChange={() => onChange(p.usd)} />{' '}
          {usd(p.usd)} ({brl(p.brl_centavos)})
        </label>
      ))}
    </fieldset>
  );
}

function CopyButton({ value }: { value: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      onClick={async () => {
        await navigator.clipboard?.writeText(value).catch(() => {});
        setCopied(true);
      }}
    >
      {copied ? 'Copiado' : 'Copiar token'}
    </button>
  );
}
