// The payment vocabulary in the reader's language (messages/<lang>/vocab.json): statuses, payment types, Overview
// activities, money actions and their states, refund reasons. lib/ keeps the codes; these turn a code into words
// with a translator of the "vocab" namespace (useTranslations("vocab") or await getTranslations("vocab")). A code
// the catalog does not know yet (a kind the ledger starts writing, a configured refund reason) is shown readably
// rather than failing. Browser-safe: only a type comes from next-intl.
import type { useTranslations } from "next-intl";
import type { Messages } from "@/messages";

export type VocabTranslator = Pick<ReturnType<typeof useTranslations<"vocab">>, "has"> & {
  (key: VocabKey): string;
};
type Groups = Messages["vocab"];
type GroupName = { [G in keyof Groups]: Groups[G] extends string ? never : G }[keyof Groups];
type VocabKey = { [G in GroupName]: `${G}.${keyof Groups[G] & string}` }[GroupName] | "card" | "unknownBrand";

function lookup(t: VocabTranslator, group: GroupName, code: string, fallback: string): string {
  const key = `${group}.${code}`;
  return t.has(key as VocabKey) ? t(key as VocabKey) : fallback;
}

/** "snake_case_code" → "Snake case code": how a code without words in the catalog is shown. */
export function humanizeCode(code: string): string {
  const words = code.replace(/[_-]+/g, " ").replace(/\s+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : code;
}

export const statusText = (t: VocabTranslator, status: string) => lookup(t, "status", status, status);
export const kindText = (t: VocabTranslator, kind: string) => lookup(t, "kind", kind, kind);
/** The list's short type (the table must fit at 1280 px); a kind without a short one shows its long one. */
export const kindShortText = (t: VocabTranslator, kind: string) => lookup(t, "kindShort", kind, kindText(t, kind));
/**
 * A payment's type as staff read it: an authorize-only payment says "Authorization" in the list (its kind in the
 * title) and "Card payment · Authorization" in full; a sale says its kind.
 */
export const typeShortText = (t: VocabTranslator, kind: string, intent: string) =>
  intent === "authorize" ? t("intent.authorize") : kindShortText(t, kind);
export const typeText = (t: VocabTranslator, kind: string, intent: string) =>
  intent === "authorize" ? `${kindText(t, kind)} · ${t("intent.authorize")}` : kindText(t, kind);
export const activityText = (t: VocabTranslator, activity: string) => lookup(t, "activity", activity, activity);
export const actionTypeText = (t: VocabTranslator, type: string) => lookup(t, "actionType", type, humanizeCode(type));
export const actionStateText = (t: VocabTranslator, state: string) => lookup(t, "actionState", state, state.replace(/_/g, " "));
export const reasonText = (t: VocabTranslator, reason: string) => lookup(t, "reason", reason, humanizeCode(reason));
