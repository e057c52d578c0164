// An audit entry as a sentence people read ("Refund of SAR 2,000.00 approved for order ORD-1", "Role Finance
// created with 5 permissions"), from its action and summary, in the reader's language (the audit catalog's
// audit.s.*; English when no preferences are given). Every action the app writes has its own wording
// (sentences.test.ts walks the sources to keep it so); an unknown one still reads as words, never as JSON.
import "server-only";
import { DEFAULT_UI_PREFS, type UiPrefs } from "@/lib/i18n/languages";
import { accessSentence } from "./access";
import { moneySentence } from "./money";
import { reconciliationSentence } from "./reconciliation";
import { reportSentence } from "./reports";
import { retentionSentence } from "./retention";
import { forOrder, ofAmount, speakerFor, type Entry, type Sentence, type Speaker } from "./parts";

export { plainText, type Entry, type Part, type Sentence } from "./parts";

type Prefs = Pick<UiPrefs, "language" | "digits">;

/** "billing_plan.charge.claim" → "Billing plan charge claim", with the amount and order when the summary has them. */
function fallback(sp: Speaker, e: Entry): Sentence {
  const words = e.action.replace(/[._]+/g, " ").trim();
  return [words.charAt(0).toUpperCase() + words.slice(1), ...ofAmount(sp, e.summary), ...forOrder(sp, e)];
}

const own = (sp: Speaker, e: Entry) =>
  moneySentence(sp, e) ?? accessSentence(sp, e) ?? reportSentence(sp, e) ?? retentionSentence(sp, e) ?? reconciliationSentence(sp, e);

/** Whether the action has its own wording (false: the fallback would be used). */
export function hasOwnSentence(e: Entry): boolean {
  return own(speakerFor(DEFAULT_UI_PREFS), e) !== null;
}

export function auditSentence(e: Entry, prefs: Prefs = DEFAULT_UI_PREFS): Sentence {
  const summary = e.summary && typeof e.summary === "object" && !Array.isArray(e.summary) ? e.summary : {};
  const entry = { ...e, summary };
  const sp = speakerFor(prefs);
  return own(sp, entry) ?? fallback(sp, entry);
}
