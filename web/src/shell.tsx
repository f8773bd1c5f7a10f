// The frame around every page. Signed in: a sidebar that groups the pages (on a narrow
// screen, behind a "Menu" button) and the page beside it. A visitor: a header with the
// public pages and "Entrar", the page, and a footer.
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { signupMode } from './api.js';
import './shell.css';

export interface NavPage {
  href: string;
  title: string;
  group?: string;
}

/** The sidebar's groups, in order; a group of one page is shown as that page's link. */
export const GROUPS = ['Uso e registros', 'Chaves', 'Privacidade', 'Organização', 'Crédito', 'Perfil'];

function Brand() {
  return (
    <a class="brand" href="/" aria-label="svc — início">
      <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 2 4 5v6.1c0 5 3.4 9.6 8 10.9 4.6-1.3 8-5.9 8-10.9V5l-8-3Zm0 2.2 6 2.2v4.7c0 3.9-2.5 7.5-6 8.8-3.5-1.3-6-4.9-6-8.8V6.4l6-2.2Z"
        />
        <path fill="currentColor" d="M7.5 11h9v2h-9z" />
      </svg>
      <span>svc</span>
    </a>
  );
}

export function AppShell(props: {
  path: string;
  pages: NavPage[];
  onSignOut: () => void;
  children: ComponentChildren;
}) {
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [props.path]);
  const link = (p: NavPage, label = p.title) => (
    <a href={p.href} class="nav-link" aria-current={p.href === props.path ? 'page' : undefined}>
      {label}
    </a>
  );
  return (
    <div class="app">
      <header class="topbar">
        <Brand />
        <button
          type="button"
          class="secondary small"
          aria-expanded={open}
          aria-controls="menu"
          onClick={() => setOpen(!open)}
        >
          Menu
        </button>
      </header>
      <aside id="menu" class={open ? 'sidebar open' : 'sidebar'}>
        <div class="sidebar-brand">
          <Brand />
        </div>
        <nav aria-label="Principal">
          {GROUPS.map((group) => {
            const pages = props.pages.filter((p) => p.group === group);
            if (pages.length === 0) return null;
            if (pages.length === 1) return <div key={group}>{link(pages[0]!)}</div>;
            const id = `grupo-${group.replace(/\W+/g, '-')}`;
            return (
              <div key={group} class="nav-group">
                <span class="nav-group-title" id={id}>
                  {group}
                </span>
                <ul aria-labelledby={id}>
                  {pages.map((p) => (
                    <li key={p.href}>{link(p)}</li>
                  ))}
                </ul>
              </div>
            );
          })}
        </nav>
        <div class="sidebar-foot">
          <a href="/vitrine" class="nav-link">
            Vitrine
          </a>
          <button type="button" class="secondary small" onClick={props.onSignOut}>
            Sair
          </button>
        </div>
      </aside>
      <main id="conteudo" class="page">
        {props.children}
      </main>
    </div>
  );
}

export function SiteShell(props: { path: string; wide?: boolean; children: ComponentChildren }) {
  const current = (href: string) => (href === props.path ? 'page' : undefined);
  return (
    <div class="site">
      <header class="site-header">
        <div class="site-header-inner">
          <Brand />
          <nav aria-label="Principal">
            <a href="/vitrine" class="wide-only" aria-current={current('/vitrine')}>
              Vitrine
            </a>
            <a href="/credito" aria-current={current('/credito')}>
              Crédito
            </a>
            <a href="/entrar" class="button secondary small" aria-current={current('/entrar')}>
              Entrar
            </a>
            {signupMode !== 'off' && (
              <a href="/cadastro" class="button small" aria-current={current('/cadastro')}>
                Criar conta
              </a>
            )}
          </nav>
        </div>
      </header>
      <main id="conteudo" class={props.wide ? 'landing' : 'page'}>
        {props.children}
      </main>
      <footer class="site-footer">
        <p>
          svc — gateway de privacidade para IA. A barreira roda neste servidor, antes de qualquer fornecedor
          de modelo.
        </p>
        <p>
          <a href="/api/">Índice da API</a> · <a href="/api/openapi.json">OpenAPI</a> ·{' '}
          <a href="/vitrine">Vitrine</a>
        </p>
      </footer>
    </div>
  );
}
