/** A request's parameters in Stripe's form encoding, nested as Stripe reads them. */
export type Form = { [key: string]: FormValue };
type FormValue = string | Form | FormValue[];

/** Stripe's form encoding: `a[b][0][c]=v` nests; objects keyed 0..n are arrays. */
export function parseForm(params: URLSearchParams): Form {
  const root: Form = {};
  for (const [name, value] of params) {
    const [head = name, ...rest] = name.split('[').map((part) => part.replace(/]$/, ''));
    const last = rest.pop();
    let node = root;
    if (last === undefined) {
      node[head] = value;
      continue;
    }
    for (const key of [head, ...rest]) {
      const next = node[key];
      if (typeof next !== 'object' || Array.isArray(next)) node[key] = {};
      node = node[key] as Form;
    }
    node[last] = value;
  }
  return arrays(root) as Form;
}

function arrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((key) => [key, arrays(value[key] as FormValue)] as const);
  if (keys.length > 0 && keys.every((key, i) => key === String(i))) {
    return entries.map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

/** JSON with keys sorted, so that the same parameters always read the same. */
export function stableJson(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
}
