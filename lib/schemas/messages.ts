// The schemas' messages: keys of the validation namespace (messages/<language>/validation.json) with their values,
// turned into text by the form's FieldError (components/ui/field.tsx) or the API's error answer (server/http). A
// key missing from the English catalog fails tsc. Browser-safe: a type import of the catalog only.
import type validation from "@/messages/en/validation.json";
import { keyedMessage, type KeyedValues } from "../i18n/keyed-message";

type Leaves<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

export type ValidationKey = Leaves<typeof validation>;

/** A schema's message: `vmsg("amount.decimals", { currency, digits })`. */
export function vmsg(key: ValidationKey, values?: KeyedValues): string {
  return keyedMessage(key, values);
}
