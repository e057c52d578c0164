// Translating outside a React render: API error answers, e-mails, CSV/XLSX column headers, timeline and audit
// sentences. The language comes from the request (uiPrefsOfRequest: the same order as pages) or from the person a
// mail is for.
import "server-only";
import { createTranslator, type NamespaceKeys, type NestedKeyOf } from "next-intl";
import { formatLocaleOf, UI_PREFS_COOKIE, type UiPrefs } from "@/lib/i18n/languages";
import { catalogOf, type Messages, type Namespace } from "@/messages";
import type { Principal } from "../auth/principal";
import { readCookie } from "../auth/session";
import { resolveUiPrefs } from "./prefs";

/**
 * A translator for one namespace (or a branch of one: "recurring.plans.reasons") in a language:
 * translatorFor(prefs, "mail")("invitation.subject", { name }).
 */
export function translatorFor<NS extends Namespace | NamespaceKeys<Messages, NestedKeyOf<Messages>>>(
  prefs: Pick<UiPrefs, "language" | "digits">,
  namespace: NS,
) {
  return createTranslator<Messages, NS>({ locale: formatLocaleOf(prefs), messages: catalogOf(prefs.language), namespace });
}

/** The reader's choices for a route handler's request: the principal's saved ones, the cookie, Accept-Language. */
export function uiPrefsOfRequest(req: Request, principal?: Principal | null): UiPrefs {
  return resolveUiPrefs({
    saved: principal?.uiPrefs ?? null,
    cookie: readCookie(req.headers.get("cookie"), UI_PREFS_COOKIE),
    acceptLanguage: req.headers.get("accept-language"),
  });
}
