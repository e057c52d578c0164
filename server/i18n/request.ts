// next-intl's request configuration (named in next.config.mjs): the locale and the whole catalog for server
// components, route by route. No locale in the URL: a shared link opens in the reader's language.
import "server-only";
import { getRequestConfig } from "next-intl/server";
import { formatLocaleOf } from "@/lib/i18n/languages";
import { catalogOf } from "@/messages";
import { currentDisplayZone } from "./display-zone";
import { currentUiPrefs } from "./prefs";

export default getRequestConfig(async () => {
  const [prefs, zone] = await Promise.all([currentUiPrefs(), currentDisplayZone()]);
  return {
    // The formatting locale ("en-GB", "ar-SA-u-ca-gregory-nu-latn"): plurals and {n, number} follow the user's digits.
    locale: formatLocaleOf(prefs),
    messages: catalogOf(prefs.language),
    // The reader's display zone (the business zone unless they chose their browser's): lib/i18n/display-zone.ts.
    timeZone: zone.zone,
  };
});
