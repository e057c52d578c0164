// A catalog's translator for pure functions under test (format.ts and the like), as server code gets one from
// translatorFor: one language, one namespace, the language's formatting locale.
import { createTranslator } from "next-intl";
import { formatLocaleOf, type DigitStyle, type Language } from "@/lib/i18n/languages";
import { catalogOf, type Messages, type Namespace } from "@/messages";

export function translatorOf<NS extends Namespace>(namespace: NS, language: Language = "en", digits: DigitStyle = "latn") {
  const locale = formatLocaleOf({ language, digits });
  return { t: createTranslator<Messages, NS>({ locale, messages: catalogOf(language), namespace }), locale };
}
