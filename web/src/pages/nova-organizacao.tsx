// Founding an organisation from the console (POST /api/account/organizations): with open
// sign-up this is a new account's first step, since organisation keys, members and the
// barrier settings all hang on an organisation. The founder becomes its owner.
import { useState } from 'preact/hooks';
import { api, describe } from '../api.js';
import { toast } from '../toast.js';
import { Field, type Org, Problem } from '../ui.js';

export function NovaOrganizacao({ onCreated }: { onCreated: (org: Org) => void }) {
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    setProblem('');
    setBusy(true);
    try {
      const { organization } = await api('POST /api/account/organizations', {
        body: {
          name: String(new FormData(form).get('name') ?? ''),
        },
      });
      form.reset();
      toast(`Organização ${organization.name} criada. Sua conta é a proprietária.`);
      onCreated(organization);
    } catch (err) {
      setProblem(describe(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} aria-label="Criar organização">
      <Field
        id="f-org-name"
        label="Nome da organização"
        name="name"
        required
        minLength={2}
        maxLength={80}
        autoComplete="organization"
        hint="O nome da empresa ou da equipe, como as pessoas a conhecem. Cada nome existe uma vez no servidor."
      />
      <Problem text={problem} />
      <button type="submit" disabled={busy}>
        Criar organização
      </button>
    </form>
  );
}
