// A tiny history router: links inside the page change the path without a reload, and focus
// moves to the new page's heading so that keyboard and screen-reader users know it changed.
import { useEffect, useState } from 'preact/hooks';

const listeners = new Set<(path: string) => void>();

export function navigate(path: string): void {
  if (path === location.pathname) return;
  history.pushState(null, '', path);
  for (const l of listeners) l(path);
}

export function usePath(): string {
  const [path, setPath] = useState(location.pathname);
  useEffect(() => {
    const onPop = () => setPath(location.pathname);
    listeners.add(setPath);
    addEventListener('popstate', onPop);
    return () => {
      listeners.delete(setPath);
      removeEventListener('popstate', onPop);
    };
  }, []);
  return path;
}

/** Clicks on same-origin links are handled here instead of reloading the page. */
export function interceptLinks(): void {
  document.addEventListener('click', (event) => {
    const a = (event.target as Element).closest?.('a');
    if (!a || a.target || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const url = new URL(a.href, location.href);
    if (url.origin !== location.origin || url.pathname.startsWith('/api/')) return;
    // A link to a part of this page (the skip link, "Ver a demonstração") is the browser's.
    if (url.hash && url.pathname === location.pathname) return;
    event.preventDefault();
    navigate(url.pathname);
  });
}
