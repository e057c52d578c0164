// A schema's message (a validation key with values, lib/schemas/messages.ts) as the English reader sees it: for
// tests that check a schema's own words without going through FieldError or the API's error answer.
import { translateKeyed } from "@/lib/i18n/keyed-message";
import { englishErrorTranslators } from "@/server/errors";

export function inEnglish(message: string): string {
  return translateKeyed(englishErrorTranslators().validation, message);
}
