// next-intl's request configuration (named in next.config.mjs): the locale and the whole catalog for server
// components, route by route. No locale in the URL: a shared link opens in the reader's language.
import "server-only";
import { getRequestConfig } from "next-intl/server";
import { formatLocaleOf } from "@/lib/i18n/languages";
import { catalogOf } from "@/messages";
import { currentUiPrefs } from "./prefs";

export default getRequestConfig(async () => {
  const prefs = await currentUiPrefs();
  return {
    // The formatting locale ("en-GB", "ar-SA-u-ca-gregory-nu-latn"): plurals and {n, number} follow the user's digits.
    locale: formatLocaleOf(prefs),
    messages: catalogOf(prefs.language),
    // Server-rendered times are shown in UTC until the browser shows its own zone (components/ui/local-time.tsx).
    timeZone: "UTC",
  };
});
