// Perfil: name, time zone, theme, photo, password and the second factor.
import { useEffect, useState } from 'preact/hooks';
import { adopt, api, blob, describe, type Reply } from '../api.js';
import { setTimeZone } from '../format.js';
import { applyTheme, refreshMe } from '../session.js';
import { me, useStore } from '../state.js';
import { Field, Notice, Problem } from '../ui.js';

type Profile = Reply<'GET /api/account/profile'>['profile'];
const THEMES = ['system', 'light', 'dark'] as const;

const ZONES: string[] = (
  Intl as unknown as { supportedValuesOf?: (k: string) => string[] }
).supportedValuesOf?.('timeZone') ?? ['America/Sao_Paulo', 'UTC'];

export function Perfil() {
  const [profile, setProfile] = useState<Profile | null>(null);
  const [problem, setProblem] = useState('');
  const [notice, setNotice] = useState('');

  useEffect(() => {
    api('GET /api/account/profile')
      .then((r) => setProfile(r.profile))
      .catch((err) => setProblem(describe(err)));
  }, []);

  const save = async (event: Event) => {
    event.preventDefault();
    if (!profile) return;
    const form = new FormData(event.currentTarget as HTMLFormElement);
    setProblem('');
    setNotice('');
    try {
      const { profile: next } = await api('PATCH /api/account/profile', {
        body: {
          revision: profile.revision,
          name: String(form.get('name') ?? ''),
          timeZone: String(form.get('timeZone') ?? ''),
          theme: THEMES.find((t) => t === form.get('theme')) ?? 'system',
        },
      });
      setProfile(next);
      setTimeZone(next.timeZone);
      applyTheme(next.theme);
      setNotice('Perfil salvo.');
    } catch (err) {
      setProblem(describe(err));
    }
  };

  return (
    <section class="narrow">
      <h1 tabIndex={-1}>Perfil</h1>
      {profile && (
        <form onSubmit={save} aria-label="Dados do perfil">
          <Field label="Nome" name="name" value={profile.name} maxLength={120} autoComplete="name" />
          <div class="field">
            <label for="f-tz">Fuso horário</label>
            <select id="f-tz" name="timeZone" value={profile.timeZone}>
              {(ZONES.includes(profile.timeZone) ? ZONES : [profile.timeZone, ...ZONES]).map((z) => (
                <option key={z} value={z}>
                  {z}
                </option>
              ))}
            </select>
          </div>
          <div class="field">
            <label for="f-theme">Tema</label>
            <select id="f-theme" name="theme" value={profile.theme}>
              <option value="system">Do sistema</option>
              <option value="light">Claro</option>
              <option value="dark">Escuro</option>
            </select>
          </div>
          <button type="submit">Salvar perfil</button>
        </form>
      )}
      <Notice text={notice} />
      <Problem text={problem} />
      <Avatar />
      <Password />
      <SecondFactor />
    </section>
  );
}

function Avatar() {
  const [url, setUrl] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  const load = async () => {
    const photo = await blob('GET /api/account/avatar').catch(() => null);
    setUrl((old) => {
      if (old) URL.revokeObjectURL(old);
      return null;
    });
    if (photo) setUrl(URL.createObjectURL(photo));
  };
  useEffect(() => {
    void load();
  }, []);
  const upload = async (event: Event) => {
    const file = (event.currentTarget as HTMLInputElement).files?.[0];
    if (!file) return;
    setProblem('');
    try {
      await api('PUT /api/account/avatar', {
        raw: { data: file, type: file.type || 'application/octet-stream' },
      });
      await load();
    } catch (err) {
      setProblem(describe(err));
    }
  };
  return (
    <fieldset>
      <legend>Foto</legend>
      {url ? <img class="avatar" src={url} alt="Sua foto" width={96} height={96} /> : <p>Sem foto.</p>}
      <div class="field">
        <label for="f-avatar">Enviar foto (JPEG, PNG ou WebP)</label>
        <input id="f-avatar" type="file" accept="image/jpeg,image/png,image/webp" onChange={upload} />
      </div>
      <Problem text={problem} />
    </fieldset>
  );
}

function Password() {
  const [problem, setProblem] = useState('');
  const [notice, setNotice] = useState('');
  const submit = async (event: Event) => {
    event.preventDefault();
    const formEl = event.currentTarget as HTMLFormElement;
    const form = new FormData(formEl);
    setProblem('');
    setNotice('');
    try {
      adopt(
        await api('POST /api/account/password', {
          body: {
            currentPassword: String(form.get('currentPassword') ?? ''),
            newPassword: String(form.get('newPassword') ?? ''),
          },
        }),
      );
      formEl.reset();
      setNotice('Senha trocada. As outras sessões e as chaves de API da conta foram encerradas.');
      await refreshMe();
    } catch (err) {
      setProblem(describe(err));
    }
  };
  return (
    <form onSubmit={submit} aria-label="Trocar senha">
      <fieldset>
        <legend>Trocar senha</legend>
        <Field
          label="Senha atual"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
        />
        <Field
          label="Nova senha"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={10}
        />
        <Notice text={notice} />
        <Problem text={problem} />
        <button type="submit">Trocar senha</button>
      </fieldset>
    </form>
  );
}

function SecondFactor() {
  const who = useStore(me);
  const [setup, setSetup] = useState<{ secret: string; qr: string } | null>(null);
  const [problem, setProblem] = useState('');
  if (who?.mfaState === 'verified') return <p>Segundo fator ativo (código do autenticador).</p>;
  const start = async () => {
    setProblem('');
    try {
      setSetup(await api('POST /api/account/totp/setup'));
    } catch (err) {
      setProblem(describe(err));
    }
  };
  const confirm = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    try {
      adopt(await api('POST /api/account/totp/confirm', { body: { code: String(form.get('code') ?? '') } }));
      setSetup(null);
      await refreshMe();
    } catch (err) {
      setProblem(describe(err));
    }
  };
  return (
    <fieldset>
      <legend>Segundo fator</legend>
      {setup ? (
        <form onSubmit={confirm}>
          <p>Leia o QR no seu aplicativo autenticador (ou digite o segredo) e confirme com o código.</p>
          <img src={setup.qr} alt="QR do segundo fator" width={180} height={180} />
          <p>
            <code>{setup.secret}</code>
          </p>
          <Field label="Código" name="code" inputMode="numeric" autoComplete="one-time-code" required />
          <button type="submit">Ativar</button>
        </form>
      ) : (
        <button type="button" onClick={start}>
          Ativar código do autenticador
        </button>
      )}
      <Problem text={problem} />
    </fieldset>
  );
}
