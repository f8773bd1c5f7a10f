// Small accessible building blocks: a labelled field, an error line read out when it appears.
import type { InputHTMLAttributes } from 'preact';

type FieldProps = { label: string; name: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>;

export function Field({ label, name, hint, ...input }: FieldProps) {
  const id = `f-${name}`;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input id={id} name={name} aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
      {hint && (
        <small id={`${id}-hint`} class="hint">
          {hint}
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
