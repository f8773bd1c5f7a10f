// Organização: the privacy barrier of each organisation the account belongs to — the policy,
// the name detection, which categories of personal data are masked and what happens to
// images and PDFs in model requests. Members see them;
// owners and administrators, signed in with their second factor, change them. An account
// without an organisation founds one here (nova-organizacao.tsx), and any account may
// found another.
import { useEffect, useState } from 'preact/hooks';
import { ApiProblem, api, describe, type Reply } from '../api.js';
import { categoryName } from '../categories.js';
import { Card, Notice, type Org, OrgSelect, Problem } from '../ui.js';
import { NovaOrganizacao } from './nova-organizacao.js';

type Barrier = Reply<'GET /api/account/organizations/{id}/privacy'>;
type Policy = Barrier['policy'];
type Sensitivity = Barrier['nameSensitivity'];
type Images = Barrier['images'];

/** The form's value among a setting's choices (the form offers nothing else). */
const choice = <T extends string>(choices: [T, string, string][], value: FormDataEntryValue | null): T =>
  choices.find(([v]) => v === value)?.[0] ?? choices[0]![0];

const POLICIES: [Policy, string, string][] = [
  ['placeholder', 'Marcadores', 'cada dado vira um marcador numerado, como [CPF_1]'],
  ['redact', 'Remover', 'cada dado vira um aviso sem número, como [CPF removido]'],
  ['block', 'Bloquear', 'um pedido com dado pessoal é recusado e nada sai'],
];

const SENSITIVITIES: [Sensitivity, string, string][] = [
  ['balanced', 'Equilibrada', 'o padrão'],
  ['strict', 'Estrita', 'mascara mais palavras como nomes (um sobrenome sozinho, um nome em minúsculas)'],
];

const IMAGES: [Images, string, string][] = [
  ['refuse', 'Recusar', 'imagens e PDFs nos pedidos aos modelos são recusados (envie o texto extraído)'],
  [
    'redact',
    'Cobrir os dados pessoais',
    'cada imagem é lida por OCR e os dados pessoais encontrados são cobertos com tarjas antes do envio',
  ],
];

/** The name people use for a category (categories.ts); one the console does not know keeps the server's label. */
const titleOf = (c: Barrier['categories'][number]) =>
  categoryName(c.category) === c.category ? (c.label ?? c.category) : categoryName(c.category);

export function Organizacao() {
  const [orgs, setOrgs] = useState<Org[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [barrier, setBarrier] = useState<Barrier | null>(null);
  const [problem, setProblem] = useState('');
  const [notice, setNotice] = useState('');

  useEffect(() => {
    api('GET /api/account/organizations')
      .then((r) => {
        setOrgs(r.organizations);
        setChosen(r.organizations[0]?.id ?? '');
      })
      .catch((err) => setProblem(describe(err)));
  }, []);

  useEffect(() => {
    if (!chosen) return;
    setBarrier(null);
    setNotice('');
    api('GET /api/account/organizations/{id}/privacy', { params: { id: chosen } })
      .then(setBarrier)
      .catch((err) => setProblem(describe(err)));
  }, [chosen]);

  const created = (org: Org) => {
    setOrgs([...(orgs ?? []), org]);
    setChosen(org.id);
  };

  const save = async (event: Event) => {
    event.preventDefault();
    if (!barrier) return;
    const form = new FormData(event.currentTarget as HTMLFormElement);
    setProblem('');
    setNotice('');
    try {
      const next = await api('PUT /api/account/organizations/{id}/privacy', {
        params: { id: barrier.organization.id },
        body: {
          policy: choice(POLICIES, form.get('policy')),
          nameSensitivity: choice(SENSITIVITIES, form.get('nameSensitivity')),
          maskedCategories: form.getAll('masked').map(String),
          images: choice(IMAGES, form.get('images')),
        },
      });
      setBarrier(next);
      setNotice('Configurações de privacidade salvas. Valem para o próximo pedido de cada chave.');
    } catch (err) {
      if (err instanceof ApiProblem && err.code === 'organization_mfa_required') {
        setProblem(
          'Mudar a privacidade da organização exige segundo fator. Ative o código do autenticador em Perfil, entre de novo com ele e volte aqui.',
        );
        return;
      }
      setProblem(describe(err));
    }
  };

  return (
    <section class="narrow">
      <h1 tabIndex={-1}>Organização</h1>
      <Problem text={problem} />
      {orgs?.length === 0 && (
        <Card title="Crie sua organização">
          <p>
            Sua conta ainda não pertence a nenhuma organização. Crie uma para ter chaves da organização,
            convidar pessoas e escolher a política de privacidade: sua conta será a proprietária. Até lá, as
            chaves da conta pessoal usam os padrões.
          </p>
          <NovaOrganizacao onCreated={created} />
        </Card>
      )}
      {orgs && orgs.length > 1 && (
        <OrgSelect id="f-org-barrier" label="Organização" orgs={orgs} value={chosen} onChange={setChosen} />
      )}
      {/* Keyed by the settings: a saved answer re-renders the form with what the server keeps. */}
      {barrier && <BarrierForm key={JSON.stringify(barrier)} barrier={barrier} onSubmit={save} />}
      <Notice text={notice} />
      {orgs && orgs.length > 0 && (
        <details class="new-org">
          <summary>Criar outra organização</summary>
          <NovaOrganizacao onCreated={created} />
        </details>
      )}
    </section>
  );
}

function BarrierForm({ barrier, onSubmit }: { barrier: Barrier; onSubmit: (e: Event) => void }) {
  const locked = !barrier.editable;
  return (
    <form onSubmit={onSubmit} aria-label={`Privacidade de ${barrier.organization.name}`}>
      <h2>{barrier.organization.name}</h2>
      {locked && (
        <p class="hint">
          Só proprietários e administradores mudam estas configurações; você pode consultá-las.
        </p>
      )}
      <fieldset disabled={locked}>
        <legend>Política de privacidade</legend>
        {POLICIES.map(([value, title, hint]) => (
          <label key={value} class="choice">
            <input type="radio" name="policy" value={value} defaultChecked={barrier.policy === value} />{' '}
            {title} <small class="hint">— {hint}</small>
          </label>
        ))}
      </fieldset>
      <fieldset disabled={locked}>
        <legend>Detecção de nomes</legend>
        {SENSITIVITIES.map(([value, title, hint]) => (
          <label key={value} class="choice">
            <input
              type="radio"
              name="nameSensitivity"
              value={value}
              defaultChecked={barrier.nameSensitivity === value}
            />{' '}
            {title} <small class="hint">— {hint}</small>
          </label>
        ))}
      </fieldset>
      <fieldset disabled={locked} aria-describedby="categorias-aviso">
        <legend>Categorias mascaradas</legend>
        <p id="categorias-aviso" class="hint">
          Cada categoria é dado pessoal pela LGPD. Uma categoria desmarcada chega ao fornecedor do modelo como
          foi escrita, em todas as rotas e chaves da organização.
        </p>
        {barrier.categories.map((c) => (
          <label key={c.category} class="choice">
            <input type="checkbox" name="masked" value={c.category} defaultChecked={c.masked} /> {titleOf(c)}
          </label>
        ))}
      </fieldset>
      <fieldset disabled={locked} aria-describedby="imagens-aviso">
        <legend>Imagens e PDFs</legend>
        <p id="imagens-aviso" class="hint">
          O OCR lê o texto impresso: rostos, assinaturas e escrita à mão não são cobertos. Veja o antes e o
          depois de uma imagem em Privacidade.
        </p>
        {IMAGES.map(([value, title, hint]) => (
          <label key={value} class="choice">
            <input type="radio" name="images" value={value} defaultChecked={barrier.images === value} />{' '}
            {title} <small class="hint">— {hint}</small>
          </label>
        ))}
      </fieldset>
      {!locked && <button type="submit">Salvar privacidade</button>}
    </form>
  );
}
