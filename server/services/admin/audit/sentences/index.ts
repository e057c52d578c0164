// An audit entry as a sentence people read ("Refund of SAR 2,000.00 approved for order ORD-1", "Role Finance
// created with 5 permissions"), from its action and summary. Every action the app writes has its own wording
// (sentences.test.ts walks the sources to keep it so); an unknown one still reads as words, never as JSON.
import "server-only";
import { accessSentence } from "./access";
import { moneySentence } from "./money";
import { reportSentence } from "./reports";
import { forOrder, ofAmount, type Entry, type Sentence } from "./parts";

export { plainText, type Entry, type Part, type Sentence } from "./parts";

/** "billing_plan.charge.claim" → "Billing plan charge claim", with the amount and order when the summary has them. */
function fallback(e: Entry): Sentence {
  const words = e.action.replace(/[._]+/g, " ").trim();
  return [words.charAt(0).toUpperCase() + words.slice(1), ...ofAmount(e.summary), ...forOrder(e)];
}

/** Whether the action has its own wording (false: the fallback would be used). */
export function hasOwnSentence(e: Entry): boolean {
  return (moneySentence(e) ?? accessSentence(e) ?? reportSentence(e)) !== null;
}

export function auditSentence(e: Entry): Sentence {
  const summary = e.summary && typeof e.summary === "object" && !Array.isArray(e.summary) ? e.summary : {};
  const entry = { ...e, summary };
  return moneySentence(entry) ?? accessSentence(entry) ?? reportSentence(entry) ?? fallback(entry);
}
