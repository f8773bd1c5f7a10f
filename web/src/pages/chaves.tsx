// Chaves: the account's and its organisations' API keys — list, create (secret shown once),
// change their controls (chaves-controles.tsx), revoke. The API's rules become prompts: a
// stale sign-in asks for the password again, and an organisation key, which needs a session
// with a second factor, says so before and after the attempt, with the way to Perfil.
import { useEffect, useState } from 'preact/hooks';
import { adopt, ApiProblem, api, describe, type Reply, type Routes } from '../api.js';
import { dateTime, lastUse } from '../format.js';
import { me, signedInEmail, useStore } from '../state.js';
import { toast } from '../toast.js';
import { ConfirmButton, EmptyState, Field, Notice, Problem } from '../ui.js';
import { budgetText, ControlFields, controlsOf, EditControls, expiryText } from './chaves-controles.js';
import { Quickstart } from './quickstart.js';

/** A key as GET /api/account/keys answers it. */
export type KeyRecord = Reply<'GET /api/account/keys'>['keys'][number];

type Organization = Reply<'GET /api/account/organizations'>['organizations'][number];
type InviteRole = NonNullable<Routes['POST /api/account/organizations/invite']['body']['role']>;
const INVITE_ROLES: InviteRole[] = ['member', 'admin', 'owner', 'dpo'];

const KEY_LIMIT = 10;

export function Chaves() {
  const [keys, setKeys] = useState<KeyRecord[] | null>(null);
  const [orgs, setOrgs] = useState<Organization[]>([]);
  const [problem, setProblem] = useState('');
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  const [reauth, setReauth] = useState<null | (() => Promise<void>)>(null);
  const [owner, setOwner] = useState('');
  const [mfaProblem, setMfaProblem] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const session = useStore(me);

  const load = async () => {
    try {
      const [k, o] = await Promise.all([api('GET /api/account/keys'), api('GET /api/account/organizations')]);
      setKeys(k.keys);
      setOrgs(o.organizations);
    } catch (err) {
      setProblem(describe(err));
    }
  };
  useEffect(() => {
    void load();
  }, []);

  const live = keys?.filter((k) => k.active).length ?? 0;
  const editingKey = keys?.find((k) => k.id === editing && k.active);
  const orgName = (id: string | null) => (id ? (orgs.find((o) => o.id === id)?.name ?? id) : 'Conta pessoal');

  const create = async (name: string, organizationId: string | null, controls: Record<string, unknown>) => {
    setProblem('');
    setMfaProblem('');
    try {
      const made = await api('POST /api/account/keys/create', {
        body: {
          name,
          organizationId,
          ...controls,
        },
      });
      setSecret({ name: made.key.name, value: made.secret });
      await load();
    } catch (err) {
      if (err instanceof ApiProblem && err.code === 'reauth_required') {
        setReauth(() => () => create(name, organizationId, controls));
        return;
      }
      if (err instanceof ApiProblem && err.code === 'organization_mfa_required') {
        // The rule is the product's, for every organisation key: the session needs a second
        // factor. Only some organisations also demand one of every key owner (mfaRequired).
        const org = orgs.find((o) => o.id === organizationId);
        setMfaProblem(
          org?.mfaRequired
            ? `A organização ${org.name} exige segundo fator.`
            : 'Chaves de organização só são criadas numa sessão com segundo fator (regra do produto, para toda organização).',
        );
        return;
      }
      if (err instanceof ApiProblem && err.code === 'key_limit_reached') {
        setProblem(
          `Você já tem ${KEY_LIMIT} chaves ativas, o máximo por conta. Revogue uma que não usa mais.`,
        );
        return;
      }
      setProblem(describe(err));
    }
  };

  const revoke = async (id: string, name: string) => {
    try {
      await api('POST /api/account/keys/revoke', { body: { id } });
      toast(`Chave “${name}” revogada.`);
      await load();
    } catch (err) {
      setProblem(describe(err));
    }
  };

  const onCreate = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const org = String(form.get('org') ?? '');
    void create(String(form.get('name') ?? ''), org === '' ? null : org, controlsOf(form, 'omit'));
  };
  // Said before the attempt: an organisation chosen in a session without a second factor.
  const needsMfa = owner !== '' && session?.mfaState !== 'verified';

  return (
    <section>
      <h1 tabIndex={-1}>Chaves de API</h1>
      <p>
        Use uma chave <code>svck_…</code> no cabeçalho <code>Authorization: Bearer</code> das rotas{' '}
        <code>/v1</code>.
      </p>
      {secret && <SecretOnce name={secret.name} value={secret.value} onDone={() => setSecret(null)} />}
      {secret && <Quickstart secret={secret.value} model="svc/auto" />}
      {reauth && (
        <Reauth
          onDone={async (ok) => {
            const retry = reauth;
            setReauth(null);
            if (ok) await retry();
          }}
        />
      )}
      <form onSubmit={onCreate} aria-label="Criar chave">
        <div class="row">
          <Field label="Nome da chave" name="name" required maxLength={60} />
          <div class="field">
            <label for="f-org">Dona da chave</label>
            <select
              id="f-org"
              name="org"
              value={owner}
              onChange={(event) => setOwner((event.currentTarget as HTMLSelectElement).value)}
            >
              <option value="">Conta pessoal</option>
              {orgs
                .filter((o) => o.role !== 'member')
                .map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
            </select>
          </div>
        </div>
        <details>
          <summary>Controles da chave (opcional): orçamento, expiração, modelos, limites</summary>
          <ControlFields prefix="new" />
        </details>
        <button type="submit" disabled={live >= KEY_LIMIT}>
          Criar chave
        </button>
      </form>
      {(needsMfa || mfaProblem) && <MfaHint problem={mfaProblem} />}
      {live >= KEY_LIMIT && (
        <Notice text={`Limite de ${KEY_LIMIT} chaves ativas atingido: revogue uma para criar outra.`} />
      )}
      <Problem text={problem} />
      <Invite orgs={orgs.filter((o) => o.role !== 'member')} />
      {keys === null ? (
        <p>Carregando…</p>
      ) : keys.length === 0 ? (
        <div class="card">
          <EmptyState title="Nenhuma chave ainda.">
            <p>
              Dê um nome à primeira chave acima e escolha de quem ela é: o segredo aparece uma vez, com o
              código da primeira chamada.
            </p>
          </EmptyState>
        </div>
      ) : (
        <div class="table-wrap">
          <table class="cards">
            <caption class="sr-only">Suas chaves</caption>
            <thead>
              <tr>
                <th scope="col">Nome</th>
                <th scope="col">Final</th>
                <th scope="col">Dona</th>
                <th scope="col">Criada</th>
                <th scope="col">Último uso</th>
                <th scope="col">Limites</th>
                <th scope="col">Estado</th>
                <th scope="col">
                  <span class="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((k) => (
                <tr key={k.id}>
                  <td data-label="Nome">{k.name}</td>
                  <td data-label="Final">
                    <code>…{k.last4}</code>
                  </td>
                  <td data-label="Dona">{orgName(k.organizationId)}</td>
                  <td data-label="Criada">{dateTime(k.createdAt)}</td>
                  <td data-label="Último uso" title="Registrado por hora" data-testid="last-used">
                    {lastUse(k.lastUsedAt, k.createdAt)}
                  </td>
                  <td data-label="Limites" data-testid="limits">
                    <span title="Gasto no mês corrente (UTC), a preço de catálogo">{budgetText(k)}</span>
                    <br />
                    <small>{expiryText(k.expiresAt)}</small>
                  </td>
                  <td data-label="Estado">
                    <span class={k.active ? 'badge ok' : 'badge off'}>{k.active ? 'ativa' : 'revogada'}</span>
                  </td>
                  <td>
                    {k.active && (
                      <button
                        type="button"
                        class="secondary"
                        aria-expanded={editing === k.id}
                        onClick={() => setEditing(editing === k.id ? null : k.id)}
                      >
                        Controles<span class="sr-only"> da chave {k.name}</span>
                      </button>
                    )}
                    {k.active && (
                      <ConfirmButton
                        label="Revogar"
                        title={`Revogar a chave “${k.name}”?`}
                        message="As aplicações que usam esta chave passam a receber 401 na hora. Não dá para desfazer: para voltar, crie outra chave."
                        confirm="Sim, revogar"
                        onConfirm={() => revoke(k.id, k.name)}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editingKey && (
        <EditControls
          key={editingKey.id}
          id={editingKey.id}
          name={editingKey.name}
          current={editingKey}
          onReauth={(retry) => setReauth(() => retry)}
          onDone={(saved) => {
            setEditing(null);
            if (saved) void load();
          }}
        />
      )}
    </section>
  );
}

/** Why an organisation key needs a second factor, and where to enable it. */
function MfaHint({ problem }: { problem: string }) {
  return (
    <p class={problem ? 'problem' : 'notice'} role={problem ? 'alert' : 'note'} data-testid="mfa-hint">
      {problem ? `${problem} ` : 'Chaves de organização exigem uma sessão com segundo fator. '}
      Ative o código do autenticador em <a href="/perfil">Perfil</a>, entre de novo com ele e volte aqui;
      chaves da conta pessoal não exigem.
    </p>
  );
}

function SecretOnce({ name, value, onDone }: { name: string; value: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <section class="secret" aria-label="Segredo da nova chave">
      <p>
        <strong>Guarde agora:</strong> o segredo da chave “{name}” aparece só esta vez.
      </p>
      <code class="secret-value" data-testid="secret">
        {value}
      </code>
      <div class="row">
        <button
          type="button"
          onClick={async () => {
            await navigator.clipboard?.writeText(value).catch(() => {});
            setCopied(true);
          }}
        >
          {copied ? 'Copiado' : 'Copiar'}
        </button>
        <button type="button" class="secondary" onClick={onDone}>
          Já guardei
        </button>
      </div>
    </section>
  );
}

/** Creating a key needs a sign-in from the last 5 minutes: ask for the password right here. */
function Reauth({ onDone }: { onDone: (ok: boolean) => void }) {
  const email = useStore(signedInEmail);
  const [problem, setProblem] = useState('');
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    try {
      const result = await api('POST /api/auth/login', {
        body: {
          email: email || String(form.get('email') ?? ''),
          password: String(form.get('password') ?? ''),
        },
      });
      adopt(result);
      if (result.mfaRequired) {
        const code = String(form.get('code') ?? '');
        adopt(await api('POST /api/auth/mfa', { body: { code } }));
      }
      onDone(true);
    } catch (err) {
      setProblem(describe(err));
    }
  };
  return (
    <form class="reauth" onSubmit={submit} aria-label="Confirmar senha">
      <p>Por segurança, confirme sua senha para continuar (a última entrada foi há mais de 5 minutos).</p>
      {!email && <Field label="E-mail" name="email" type="email" autoComplete="username" required />}
      <Field
        label="Senha"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        autoFocus
      />
      <Field
        label="Código do autenticador (se tiver)"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
      />
      <Problem text={problem} />
      <div class="row">
        <button type="submit">Confirmar</button>
        <button type="button" onClick={() => onDone(false)}>
          Cancelar
        </button>
      </div>
    </form>
  );
}

/** Owners (and administrators, for members) invite by e-mail: the link lets the person in. */
function Invite({ orgs }: { orgs: Organization[] }) {
  const [problem, setProblem] = useState('');
  const [sent, setSent] = useState('');
  if (orgs.length === 0) return null;
  const submit = async (event: Event) => {
    event.preventDefault();
    setProblem('');
    setSent('');
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const email = String(form.get('email') ?? '').trim();
    try {
      await api('POST /api/account/organizations/invite', {
        body: {
          organizationId: String(form.get('org')),
          email,
          role: INVITE_ROLES.find((r) => r === form.get('role')),
        },
      });
      setSent(`Convite enviado para ${email}. O link vale por 7 dias, uma única vez.`);
    } catch (err) {
      setProblem(describe(err));
    }
  };
  return (
    <form class="row" onSubmit={submit} aria-label="Convidar para a organização">
      <Field label="Convidar (e-mail)" name="email" type="email" required />
      <div class="field">
        <label for="f-invite-org">Organização</label>
        <select id="f-invite-org" name="org">
          {orgs.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for="f-invite-role">Papel</label>
        <select id="f-invite-role" name="role">
          <option value="member">Membro</option>
          <option value="admin">Administrador</option>
        </select>
      </div>
      <button type="submit">Convidar</button>
      <Notice text={sent} />
      <Problem text={problem} />
    </form>
  );
}
