// An AppError's message (or a refusal's, e.g. grant-rules' MESSAGES) in the language of the page being rendered:
// for server components that show a refusal themselves instead of going through the API's error answer.
import "server-only";
import { translateKeyed } from "@/lib/i18n/keyed-message";
import { formatLocaleOf } from "@/lib/i18n/languages";
import { errorText, type ErrorMessage, type ErrorTranslators } from "../errors";
import { currentUiPrefs } from "./prefs";
import { translatorFor } from "./translator";

/** `const say = await readerErrorText(); say(MESSAGES.ownRoles)`. */
export async function readerErrorText(): Promise<(message: ErrorMessage) => string> {
  const prefs = await currentUiPrefs();
  const tr: ErrorTranslators = {
    locale: formatLocaleOf(prefs),
    errors: translatorFor(prefs, "errors") as unknown as ErrorTranslators["errors"],
    validation: translatorFor(prefs, "validation") as never,
  };
  return (message) => errorText(message, tr);
}

/** A schema's message (a validation key, lib/schemas/messages.ts) in the page's language: `say(issue.message)`. */
export async function readerValidationText(): Promise<(message: string) => string> {
  const t = translatorFor(await currentUiPrefs(), "validation");
  return (message) => translateKeyed(t as never, message);
}
