// Toasts: a short confirmation of something done ("Chave revogada."), announced politely and
// gone after a few seconds. `toast()` may be called from anywhere; <Toasts/> draws them.
import { store, useStore } from './state.js';

interface Toast {
  id: number;
  text: string;
}

const toasts = store<Toast[]>([]);
let next = 0;
const SHOW_MS = 6000;

export function toast(text: string): void {
  const id = ++next;
  toasts.set([...toasts.get(), { id, text }]);
  setTimeout(() => dismiss(id), SHOW_MS);
}

function dismiss(id: number): void {
  toasts.set(toasts.get().filter((t) => t.id !== id));
}

export function Toasts() {
  const list = useStore(toasts);
  // The region stays in the page, empty, so that screen readers announce what enters it.
  return (
    <div class="toasts" role="status" aria-live="polite">
      {list.map((t) => (
        <div key={t.id} class="toast">
          <p>{t.text}</p>
          <button type="button" aria-label="Fechar aviso" onClick={() => dismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
