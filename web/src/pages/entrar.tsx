// Entrar: e-mail and password, then the TOTP code when the account has a second factor.
// Someone who lands here first learns in two sentences what the gateway does, with the way
// to the landing page's demonstration.
import { useState } from 'preact/hooks';
import { adopt, api, describe, signupMode } from '../api.js';
import { Field, Problem } from '../ui.js';
import { refreshMe } from '../session.js';
import { signedInEmail } from '../state.js';

export function Entrar() {
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    setBusy(true);
    setProblem('');
    try {
      if (step === 'password') {
        const email = String(form.get('email') ?? '').trim();
        const result = await api('POST /api/auth/login', {
          body: {
            email,
            password: String(form.get('password')),
          },
        });
        adopt(result);
        signedInEmail.set(email);
        if (result.mfaRequired) {
          setStep('code');
          return;
        }
      } else {
        const result = await api('POST /api/auth/mfa', {
          body: {
            code: String(form.get('code') ?? '').trim(),
          },
        });
        adopt(result);
      }
      await refreshMe();
    } catch (err) {
      setProblem(describe(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="narrow">
      <h1 tabIndex={-1}>Entrar</h1>
      {step === 'password' && (
        <p class="lead" data-testid="o-que-faz">
          O svc é um gateway de privacidade para IA: suas aplicações chamam os modelos por ele, e CPF, CNPJ,
          e-mails, telefones, nomes e outros dados pessoais viram marcadores antes de o fornecedor ver o
          texto. Entre para criar chaves, ver o uso e escolher a política da sua organização, ou{' '}
          <a href="/#demonstracao">experimente a barreira sem conta</a>.
        </p>
      )}
      <form onSubmit={submit} noValidate={false}>
        {step === 'password' ? (
          <>
            <Field label="E-mail" name="email" type="email" autoComplete="username" required />
            <Field label="Senha" name="password" type="password" autoComplete="current-password" required />
          </>
        ) : (
          <>
            <p>Digite o código de 6 dígitos do seu aplicativo autenticador.</p>
            <Field
              label="Código"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              required
              autoFocus
            />
          </>
        )}
        <Problem text={problem} />
        <button type="submit" disabled={busy}>
          {step === 'password' ? 'Entrar' : 'Confirmar código'}
        </button>
      </form>
      {step === 'password' && (
        <p class="row">
          <a href="/senha">Esqueci a senha</a>
          {signupMode !== 'off' && <a href="/cadastro">Criar conta</a>}
        </p>
      )}
    </section>
  );
}
