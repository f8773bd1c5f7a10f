import { render } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import '@picocss/pico/css/pico.min.css';
import './tokens.css';
import './styles.css';
import { bootstrap, describe } from './api.js';
import { pageView } from './funnel.js';
import { Cadastro, Convite, Esqueci, NovaSenha } from './pages/acesso.js';
import { Chaves } from './pages/chaves.js';
import { Credito } from './pages/credito.js';
import { Entrar } from './pages/entrar.js';
import { Inicio } from './pages/inicio.js';
import { Organizacao } from './pages/organizacao.js';
import { Painel } from './pages/painel.js';
import { Perfil } from './pages/perfil.js';
import { Privacidade } from './pages/privacidade.js';
import { Registro } from './pages/registro.js';
import { Tratamento } from './pages/tratamento.js';
import { Uso } from './pages/uso.js';
import { Vitrine } from './pages/vitrine.js';
import { interceptLinks, navigate, usePath } from './router.js';
import { refreshMe, signOut } from './session.js';
import { AppShell, SiteShell } from './shell.js';
import { me, useStore } from './state.js';
import { report, watchFailures } from './telemetry.js';
import { Toasts } from './toast.js';

interface Page {
  title: string;
  view: () => preact.JSX.Element;
  signedIn: boolean;
  /** The sidebar's group (shell.tsx GROUPS); none: reached by a link, not listed. */
  group?: string;
}

/** `/` is the landing page for a visitor and the dashboard for someone signed in. */
const HOME: Record<'visitor' | 'member', Page> = {
  visitor: { title: 'Gateway de privacidade para IA', view: Inicio, signedIn: false },
  member: { title: 'Painel', view: Painel, signedIn: true, group: 'Uso e registros' },
};

const PAGES: Record<string, Page> = {
  '/entrar': { title: 'Entrar', view: Entrar, signedIn: false },
  '/senha': { title: 'Esqueci a senha', view: Esqueci, signedIn: false },
  '/nova-senha': { title: 'Nova senha', view: NovaSenha, signedIn: false },
  '/convite': { title: 'Aceitar convite', view: Convite, signedIn: false },
  '/cadastro': { title: 'Criar conta', view: Cadastro, signedIn: false },
  '/uso': { title: 'Uso', view: Uso, signedIn: true, group: 'Uso e registros' },
  '/registro': { title: 'Registro', view: Registro, signedIn: true, group: 'Uso e registros' },
  '/tratamento': { title: 'Tratamento', view: Tratamento, signedIn: true, group: 'Uso e registros' },
  '/chaves': { title: 'Chaves', view: Chaves, signedIn: true, group: 'Chaves' },
  '/privacidade': { title: 'Privacidade', view: Privacidade, signedIn: true, group: 'Privacidade' },
  '/organizacao': { title: 'Organização', view: Organizacao, signedIn: true, group: 'Organização' },
  '/credito': { title: 'Crédito', view: Credito, signedIn: false, group: 'Crédito' },
  '/perfil': { title: 'Perfil', view: Perfil, signedIn: true, group: 'Perfil' },
  '/vitrine': { title: 'Vitrine', view: Vitrine, signedIn: false },
};

/** Pages for visitors only: someone signed in goes to the dashboard instead. */
const VISITORS_ONLY = new Set(['/entrar', '/senha', '/nova-senha', '/convite', '/cadastro']);

function App() {
  const path = usePath();
  const who = useStore(me);
  const main = useRef<HTMLDivElement>(null);
  const page =
    path === '/' ? HOME[who ? 'member' : 'visitor'] : (PAGES[path] ?? HOME[who ? 'member' : 'visitor']);

  useEffect(() => {
    document.title = `${page.title} — svc`;
    pageView(path);
    // Focus the new page's heading: the change is announced and Tab starts from there.
    main.current?.querySelector('h1')?.focus();
  }, [path, page.title]);

  useEffect(() => {
    if (who === null && page.signedIn) navigate('/entrar');
    if (who && VISITORS_ONLY.has(path)) navigate('/');
  }, [who, path, page.signedIn]);

  const View = page.view;
  // A signed-in page is not drawn for nobody (after "Sair", before the move to Entrar): it
  // would ask the server for what only a session may read.
  const body =
    who === undefined || (page.signedIn && !who) ? (
      <p class="loading" aria-live="polite">
        Carregando…
      </p>
    ) : (
      <View />
    );
  const nav = [
    { href: '/', ...HOME.member },
    ...Object.entries(PAGES).map(([href, p]) => ({ href, ...p })),
  ].filter((p) => p.group);
  return (
    <div ref={main}>
      <a class="skip" href="#conteudo">
        Pular para o conteúdo
      </a>
      {who ? (
        <AppShell path={path} pages={nav} onSignOut={signOut}>
          {body}
        </AppShell>
      ) : (
        <SiteShell path={path} wide={path === '/' && who === null}>
          {body}
        </SiteShell>
      )}
      <Toasts />
    </div>
  );
}

async function start(): Promise<void> {
  watchFailures();
  interceptLinks();
  render(<App />, document.getElementById('app')!);
  let view: string;
  try {
    view = await bootstrap();
  } catch (err) {
    report('UI-APP-001', 'inicio', 'bootstrap falhou');
    me.set(null);
    document.getElementById('app')!.insertAdjacentText('afterbegin', describe(err));
    return;
  }
  // Ask who is signed in only when the session says someone is: no 401 on a first visit.
  if (view === 'signed_in') await refreshMe();
  else me.set(null);
}

void start();
