// Small accessible building blocks: a labelled field (its error shown under it, in
// Portuguese), an error line read out when it appears, a confirmation line, an organisation
// choice; and the design system's cards, empty states, figures and the confirmed
// destructive action (styles.css draws them).
import type { ComponentChildren, InputHTMLAttributes } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';

type FieldProps = { label: string; name: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>;

/** What the browser found wrong with a field, in the console's words. */
export function validationText(input: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): string {
  const v = input.validity;
  if (v.valueMissing) return 'Preencha este campo.';
  if (v.typeMismatch && input.type === 'email') return 'Digite um e-mail completo, como nome@empresa.com.br.';
  if (v.tooShort && 'minLength' in input) return `Use pelo menos ${input.minLength} caracteres.`;
  if (v.tooLong && 'maxLength' in input) return `Use no máximo ${input.maxLength} caracteres.`;
  if (v.patternMismatch) return input.inputMode === 'numeric' ? 'Digite só os números.' : 'Formato inválido.';
  return input.validationMessage;
}

/** `id` when the same field name appears in two forms of one page. */
export function Field({ label, name, hint, id: given, ...input }: FieldProps) {
  const id = typeof given === 'string' ? given : `f-${name}`;
  const [error, setError] = useState('');
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        name={name}
        aria-describedby={described}
        aria-invalid={error ? 'true' : undefined}
        {...input}
        onInvalid={(event) => {
          // The error goes under the field instead of the browser's bubble (in its own
          // language); the first invalid field of the form takes the focus.
          event.preventDefault();
          const el = event.currentTarget as HTMLInputElement;
          setError(validationText(el));
          if (el.form?.querySelector(':invalid') === el) el.focus();
        }}
        onInput={(event) => {
          if (error && (event.currentTarget as HTMLInputElement).validity.valid) setError('');
          input.onInput?.(event as never);
        }}
      />
      {hint && (
        <small id={`${id}-hint`} class="hint">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${id}-error`} class="field-error">
          {error}
        </small>
      )}
    </div>
  );
}

export function Problem({ text }: { text: string }) {
  return (
    <p class="problem" role="alert" hidden={!text}>
      {text}
    </p>
  );
}

export function Notice({ text }: { text: string }) {
  return (
    <p class="notice" role="status" hidden={!text}>
      {text}
    </p>
  );
}

export interface Org {
  id: string;
  name: string;
}

/** A labelled choice among the account's organisations; `none` adds a first, empty-valued option. */
export function OrgSelect(props: {
  id: string;
  label: string;
  orgs: Org[];
  value: string;
  onChange: (id: string) => void;
  none?: string;
  class?: string;
}) {
  return (
    <div class={props.class ? `field ${props.class}` : 'field'}>
      <label for={props.id}>{props.label}</label>
      <select
        id={props.id}
        value={props.value}
        onChange={(e) => props.onChange((e.currentTarget as HTMLSelectElement).value)}
      >
        {props.none !== undefined && <option value="">{props.none}</option>}
        {props.orgs.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A page's heading, what the page is for, and its main actions on the right. */
export function PageHead(props: {
  title: string;
  children?: ComponentChildren;
  actions?: ComponentChildren;
}) {
  return (
    <header class="page-head">
      <div>
        <h1 tabIndex={-1}>{props.title}</h1>
        {props.children && <p>{props.children}</p>}
      </div>
      {props.actions && <div class="row">{props.actions}</div>}
    </header>
  );
}

/** A surface grouping one subject; `title` becomes its h2 and names the region. */
export function Card(props: { title?: string; children: ComponentChildren; class?: string }) {
  const id = useRef(`card-${Math.random().toString(36).slice(2, 9)}`).current;
  return (
    <section
      class={props.class ? `card ${props.class}` : 'card'}
      aria-labelledby={props.title ? id : undefined}
    >
      {props.title && <h2 id={id}>{props.title}</h2>}
      {props.children}
    </section>
  );
}

/** What a list or chart shows when there is nothing yet, and what to do about it. */
export function EmptyState(props: { title: string; children?: ComponentChildren }) {
  return (
    <div class="empty">
      <strong>{props.title}</strong>
      {props.children}
    </div>
  );
}

/** One figure on the dashboard: a label, the value, and what it counts. */
export function Stat(props: { label: string; value: string; hint?: string }) {
  return (
    <li class="stat">
      <span class="stat-label">{props.label}</span>
      <span class="stat-value">{props.value}</span>
      {props.hint && <span class="stat-hint">{props.hint}</span>}
    </li>
  );
}

/**
 * A destructive action: the button opens a dialog that says what will happen; only its
 * confirm button acts. The dialog is modal (the page behind is inert, Esc cancels) and
 * focus returns to the button when it closes.
 */
export function ConfirmButton(props: {
  label: string;
  title: string;
  message: ComponentChildren;
  confirm: string;
  onConfirm: () => void | Promise<void>;
  disabled?: boolean;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  const id = useRef(`confirm-${Math.random().toString(36).slice(2, 9)}`).current;
  return (
    <>
      <button
        type="button"
        class="danger-outline small"
        disabled={props.disabled}
        onClick={() => setOpen(true)}
      >
        {props.label}
      </button>
      {open && (
        <dialog ref={dialog} aria-labelledby={id} onClose={() => setOpen(false)}>
          <article>
            <h2 id={id}>{props.title}</h2>
            <p>{props.message}</p>
            <footer>
              <button type="button" class="secondary" onClick={() => setOpen(false)}>
                Cancelar
              </button>
              <button
                type="button"
                class="danger"
                onClick={async () => {
                  setOpen(false);
                  await props.onConfirm();
                }}
              >
                {props.confirm}
              </button>
            </footer>
          </article>
        </dialog>
      )}
    </>
  );
}
