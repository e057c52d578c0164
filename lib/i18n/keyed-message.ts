// A message that travels as text and is put in the reader's language where it is shown: a catalog key with its
// values, written `key` or `key?name=value&other=2` (URL query syntax). zod schemas give such texts as their
// messages (the validation namespace; lib/schemas/messages.ts), and the form's FieldError or the API's error answer
// translates them. Anything that is not a key of the namespace (an API message already translated, a gateway's own
// words) is shown as it is. Browser-safe, no catalog here.

export type KeyedValues = Record<string, string | number>;

/** `key` or `key?a=1&b=x`. */
export function keyedMessage(key: string, values?: KeyedValues): string {
  if (!values || Object.keys(values).length === 0) return key;
  const q = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) q.set(name, String(value));
  return `${key}?${q.toString()}`;
}

const KEY_SHAPE = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)*$/;

/** The key and values of a keyed message, or null when the text is not one (plain words). */
export function parseKeyedMessage(text: string): { key: string; values: KeyedValues } | null {
  const at = text.indexOf("?");
  const key = at === -1 ? text : text.slice(0, at);
  if (!KEY_SHAPE.test(key)) return null;
  const values: KeyedValues = {};
  if (at !== -1) {
    for (const [name, value] of new URLSearchParams(text.slice(at + 1))) {
      // Whole numbers go to ICU as numbers (plural rules, the reader's digits); anything else stays text.
      values[name] = /^-?(0|[1-9]\d{0,14})$/.test(value) ? Number(value) : value;
    }
  }
  return { key, values };
}

/** The part of a next-intl translator this needs (any namespace). */
export interface KeyTranslator {
  (key: never, values?: never): string;
  has(key: never): boolean;
}

/** The text in the translator's language when it is a key of its namespace, else the text unchanged. */
export function translateKeyed(t: KeyTranslator, text: string): string {
  const parsed = parseKeyedMessage(text);
  if (!parsed || !t.has(parsed.key as never)) return text;
  return (t as unknown as (key: string, values: KeyedValues) => string)(parsed.key, parsed.values);
}

/**
 * As translateKeyed, and a text value that is itself a key of the namespace (or of one of `valueTranslators`', e.g.
 * the errors namespace) is translated first: a stored sentence about a stored reason
 * ("retriesUsedUp?attempts=4&reason=chargeRefused"). A value that is no key (the gateway's own words) is passed on.
 */
export function translateKeyedNested(t: KeyTranslator, text: string, ...valueTranslators: KeyTranslator[]): string {
  const parsed = parseKeyedMessage(text);
  if (!parsed || !t.has(parsed.key as never)) return text;
  const values: KeyedValues = {};
  for (const [name, value] of Object.entries(parsed.values)) {
    if (typeof value !== "string") values[name] = value;
    else {
      const by = [t, ...valueTranslators].find((tr) => {
        const key = parseKeyedMessage(value)?.key;
        return key !== undefined && tr.has(key as never);
      });
      values[name] = by ? translateKeyed(by, value) : value;
    }
  }
  return (t as unknown as (key: string, values: KeyedValues) => string)(parsed.key, values);
}
