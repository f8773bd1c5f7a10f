// What the page knows about the signed-in person, in memory only: nothing here survives a
// reload, and no secret is ever written to storage.
import { useEffect, useState } from 'preact/hooks';
import type { Reply } from './api.js';

export interface Store<T> {
  get(): T;
  set(value: T): void;
  subscribe(fn: (value: T) => void): () => void;
}

export function store<T>(initial: T): Store<T> {
  let value = initial;
  const subs = new Set<(value: T) => void>();
  return {
    get: () => value,
    set(next) {
      value = next;
      for (const fn of subs) fn(value);
    },
    subscribe(fn) {
      subs.add(fn);
      return () => subs.delete(fn);
    },
  };
}

export function useStore<T>(s: Store<T>): T {
  const [value, setValue] = useState(s.get());
  useEffect(() => {
    const unsubscribe = s.subscribe(setValue);
    // Effects run after the first paint: a value set before then (a server that answered
    // the bootstrap first) would be missed and the page would stay on "Carregando…".
    setValue(s.get());
    return unsubscribe;
  }, [s]);
  return value;
}

/** The signed-in user, as GET /api/me answers it. */
export type Me = Reply<'GET /api/me'>['user'];

/** undefined while the page asks the server; null when nobody is signed in. */
export const me = store<Me | null | undefined>(undefined);
/** The e-mail typed at sign-in, to ask only for the password when a key needs a fresh sign-in. */
export const signedInEmail = store('');
