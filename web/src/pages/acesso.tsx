// The ways in besides the password: "Esqueci a senha" (a link by e-mail), the new password
// from that link, an organisation's invitation, and sign-up when the server allows it. The
// links carry their token after `#`, which the browser never sends to a server.
import { useState } from 'preact/hooks';
import { adopt, api, describe } from '../api.js';
import { refreshMe } from '../session.js';
import { Field, Notice, Problem } from '../ui.js';

const tokenInUrl = () => location.hash.replace(/^#/, '');

/** A form whose submit calls `act`; the problem, the busy state and the outcome are handled here. */
function useSubmit(act: (form: FormData) => Promise<void>) {
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setProblem('');
    try {
      await act(new FormData(event.currentTarget as HTMLFormElement));
    } catch (err) {
      setProblem(describe(err));
    } finally {
      setBusy(false);
    }
  };
  return { problem, busy, submit };
}

/** After a link or a sign-up: the new session's CSRF, then who is signed in (the page follows). */
async function signedIn(result: { csrf: string }): Promise<void> {
  adopt(result);
  await refreshMe();
}

export function Esqueci() {
  const [sent, setSent] = useState(false);
  const { problem, busy, submit } = useSubmit(async (form) => {
    await api('POST /api/auth/forgot', { body: { email: String(form.get('email') ?? '').trim() } });
    setSent(true);
  });
  return (
    <section class="narrow">
      <h1 tabIndex={-1}>Esqueci a senha</h1>
      {sent ? (
        <Notice text="Se houver uma conta com este e-mail, enviamos um link para criar uma nova senha. Ele vale por uma hora." />
      ) : (
        <form onSubmit={submit}>
          <Field label="E-mail" name="email" type="email" autoComplete="username" required />
          <Problem text={problem} />
          <button type="submit" disabled={busy}>
            Enviar o link
          </button>
        </form>
      )}
      <p>
        <a href="/entrar">Voltar para Entrar</a>
      </p>
    </section>
  );
}

export function NovaSenha() {
  const { problem, busy, submit } = useSubmit(async (form) => {
    const result = await api('POST /api/auth/reset', {
      body: {
        token: tokenInUrl(),
        password: String(form.get('password') ?? ''),
      },
    });
    await signedIn(result);
  });
  return (
    <section class="narrow">
      <h1 tabIndex={-1}>Nova senha</h1>
      <p>A nova senha encerra as outras sessões e desativa as chaves de API da conta.</p>
      <form onSubmit={submit}>
        <Field
          label="Nova senha"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={10}
          required
        />
        <Problem text={problem} />
        <button type="submit" disabled={busy}>
          Salvar e entrar
        </button>
      </form>
    </section>
  );
}

export function Convite() {
  const { problem, busy, submit } = useSubmit(async (form) => {
    const result = await api('POST /api/auth/invite/accept', {
      body: {
        token: tokenInUrl(),
        name: String(form.get('name') ?? '').trim() || undefined,
        password: String(form.get('password') ?? ''),
      },
    });
    await signedIn(result);
  });
  return (
    <section class="narrow">
      <h1 tabIndex={-1}>Aceitar convite</h1>
      <form onSubmit={submit}>
        <Field label="Seu nome" name="name" autoComplete="name" />
        <Field
          label="Senha"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={10}
          required
        />
        <Problem text={problem} />
        <button type="submit" disabled={busy}>
          Aceitar e entrar
        </button>
      </form>
    </section>
  );
}

export function Cadastro() {
  const { problem, busy, submit } = useSubmit(async (form) => {
    const result = await api('POST /api/auth/signup', {
      body: {
        email: String(form.get('email') ?? '').trim(),
        password: String(form.get('password') ?? ''),
        name: String(form.get('name') ?? '').trim() || undefined,
      },
    });
    await signedIn(result);
  });
  return (
    <section class="narrow">
      <h1 tabIndex={-1}>Criar conta</h1>
      <form onSubmit={submit}>
        <Field label="Nome" name="name" autoComplete="name" />
        <Field label="E-mail" name="email" type="email" autoComplete="username" required />
        <Field
          label="Senha"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={10}
          required
        />
        <Problem text={problem} />
        <button type="submit" disabled={busy}>
          Criar conta
        </button>
      </form>
    </section>
  );
}
