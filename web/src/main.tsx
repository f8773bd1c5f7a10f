import { render } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { bootstrap, describe } from './api.js';
import { pageView } from './funnel.js';
import { Cadastro, Convite, Esqueci, NovaSenha } from './pages/acesso.js';
import { Chaves } from './pages/chaves.js';
import { Credito } from './pages/credito.js';
import { Entrar } from './pages/entrar.js';
import { Organizacao } from './pages/organizacao.js';
import { Perfil } from './pages/perfil.js';
import { Privacidade } from './pages/privacidade.js';
import { Uso } from './pages/uso.js';
import { Vitrine } from './pages/vitrine.js';
import { interceptLinks, navigate, usePath } from './router.js';
import { refreshMe, signOut } from './session.js';
import { me, useStore } from './state.js';
import { report, watchFailures } from './telemetry.js';
import './styles.css';

interface Page {
  title: string;
  view: () => preact.JSX.Element;
  signedIn: boolean;
  /** Reached by a link (a mail, the sign-in page), not listed in the menu. */
  hidden?: boolean;
}

const PAGES: Record<string, Page> = {
  '/entrar': { title: 'Entrar', view: Entrar, signedIn: false },
  '/senha': { title: 'Esqueci a senha', view: Esqueci, signedIn: false, hidden: true },
  '/nova-senha': { title: 'Nova senha', view: NovaSenha, signedIn: false, hidden: true },
  '/convite': { title: 'Aceitar convite', view: Convite, signedIn: false, hidden: true },
  '/cadastro': { title: 'Criar conta', view: Cadastro, signedIn: false, hidden: true },
  '/chaves': { title: 'Chaves', view: Chaves, signedIn: true },
  '/privacidade': { title: 'Privacidade', view: Privacidade, signedIn: true },
  '/organizacao': { title: 'Organização', view: Organizacao, signedIn: true },
  '/uso': { title: 'Uso', view: Uso, signedIn: true },
  '/perfil': { title: 'Perfil', view: Perfil, signedIn: true },
  '/credito': { title: 'Crédito', view: Credito, signedIn: false },
  '/vitrine': { title: 'Vitrine', view: Vitrine, signedIn: false },
};

function App() {
  const path = usePath();
  const who = useStore(me);
  const main = useRef<HTMLElement>(null);
  const page = PAGES[path] ?? (who ? PAGES['/chaves']! : PAGES['/entrar']!);

  useEffect(() => {
    document.title = `${page.title} — svc`;
    pageView(path);
    // Focus the new page's heading: the change is announced and Tab starts from there.
    main.current?.querySelector('h1')?.focus();
  }, [path, page.title]);

  useEffect(() => {
    if (who === null && page.signedIn) navigate('/entrar');
    if (who && (path === '/entrar' || (PAGES[path]?.hidden && !PAGES[path]?.signedIn))) navigate('/chaves');
    if (who && path === '/') navigate('/chaves');
  }, [who, path, page.signedIn]);

  const View = page.view;
  return (
    <>
      <a class="skip" href="#conteudo">
        Pular para o conteúdo
      </a>
      <header class="top">
        <span class="brand">svc</span>
        {who !== undefined && (
          <nav aria-label="Principal">
            {Object.entries(PAGES)
              .filter(([href, p]) => !p.hidden && (who ? href !== '/entrar' : !p.signedIn))
              .map(([href, p]) => (
                <a key={href} href={href} aria-current={href === path ? 'page' : undefined}>
                  {p.title}
                </a>
              ))}
            {who && (
              <button type="button" class="link" onClick={signOut}>
                Sair
              </button>
            )}
          </nav>
        )}
      </header>
      <main id="conteudo" ref={main}>
        {who === undefined ? <p aria-live="polite">Carregando…</p> : <View />}
      </main>
    </>
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
