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
