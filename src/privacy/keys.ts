// Object keys rewritten by the barrier (cleaned, or restored in a reply) must stay
// distinct: two keys that come out as the same text would otherwise overwrite each other.

/**
 * The collision rule: a key the rewrite left unchanged keeps its name; a changed key
 * that lands on a name already in use gets the first free suffix ` (2)`, ` (3)`, … in
 * object order. `{"529.982.247-25": 1, "[CPF_1]": 2}` → `{"[CPF_1] (2)": 1, "[CPF_1]": 2}`.
 */
export function distinctKeys(keys: readonly string[], rewritten: readonly string[]): string[] {
  const used = new Set<string>();
  for (let i = 0; i < keys.length; i++) if (rewritten[i] === keys[i]) used.add(keys[i]!);
  return rewritten.map((k, i) => {
    if (k === keys[i]) return k;
    let name = k;
    for (let n = 2; used.has(name); n++) name = `${k} (${n})`;
    used.add(name);
    return name;
  });
}

/** Sets a key as an own property, "__proto__" included (a plain assignment would set the prototype). */
export function setKey(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  } else out[key] = value;
}
