/**
 * Stripe's request bodies and query strings as the stripe library writes them
 * (application/x-www-form-urlencoded, nested by brackets: `line_items[0][price_data][unit_amount]=1000`,
 * `metadata[bookingId]=12`, `created[gte]=1700000000`), read back into nested objects. Keys whose
 * parts are all indexes (0, 1, 2…) become arrays; every value stays a string, as Stripe receives it.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/** The parts of a key: `a[b][0]` → ['a', 'b', '0']. */
function keyParts(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const parts = [key.slice(0, open)];
  for (const match of key.slice(open).matchAll(/\[([^\]]*)\]/g)) parts.push(match[1]!);
  return parts;
}

const decode = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '));

/** Objects whose keys are 0…n-1 as arrays, all the way down. */
function withArrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((key) => [key, withArrays(value[key]!)] as const);
  const indexed =
    keys.length > 0 && keys.every((key) => /^\d+$/.test(key)) && keys.every((_, index) => index in value);
  if (indexed) return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, item]) => item);
  return Object.fromEntries(entries);
}

/** A form body or query string (without its `?`) as nested objects. */
export function parseStripeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const key = decode(equals === -1 ? pair : pair.slice(0, equals));
    const value = equals === -1 ? '' : decode(pair.slice(equals + 1));
    const parts = keyParts(key);
    let node: FormObject = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      if (typeof next !== 'object' || Array.isArray(next)) node[part] = {};
      node = node[part] as FormObject;
    });
  }
  return withArrays(root) as FormObject;
}

/** A nested value by its path, or undefined where there is none. */
export function formAt(form: FormValue | undefined, ...path: (string | number)[]): FormValue | undefined {
  let node = form;
  for (const part of path) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = Array.isArray(node) ? node[Number(part)] : node[String(part)];
  }
  return node;
}

/** A string value by its path, or undefined where there is none (or it is not a string). */
export const formString = (form: FormValue | undefined, ...path: (string | number)[]) => {
  const value = formAt(form, ...path);
  return typeof value === 'string' ? value : undefined;
};

/** A flat object of strings (metadata) by its path: {} where there is none. */
export function formRecord(form: FormValue | undefined, ...path: string[]): Record<string, string> {
  const value = formAt(form, ...path);
  if (value === undefined || typeof value === 'string' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
