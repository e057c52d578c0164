// Which language, digits and calendar line this request is shown in: the signed-in user's saved choice, else the
// `ui-prefs` cookie (the sign-in page's switch, or the last choice made in this browser), else the browser's
// Accept-Language, else English. Computed once per request; no database read beyond the principal's own.
import "server-only";
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { DEFAULT_UI_PREFS, negotiateLanguage, parseUiPrefs, UI_PREFS_COOKIE, type UiPrefs } from "@/lib/i18n/languages";
import { currentPrincipal } from "../auth/session";
import type { SavedUiPrefs } from "../auth/principal";

/** The saved choice wins; a user who never chose a language follows this browser (cookie, then Accept-Language). */
export function resolveUiPrefs(input: { saved: SavedUiPrefs | null; cookie: string | undefined; acceptLanguage: string | null }): UiPrefs {
  const fromCookie = parseUiPrefs(input.cookie);
  const browser: UiPrefs = fromCookie ?? { ...DEFAULT_UI_PREFS, language: negotiateLanguage(input.acceptLanguage) };
  if (!input.saved) return browser;
  return {
    language: input.saved.language ?? browser.language,
    digits: input.saved.digits,
    hijri: input.saved.hijri,
  };
}

export const currentUiPrefs = cache(async (): Promise<UiPrefs> => {
  const [jar, head, session] = await Promise.all([cookies(), headers(), currentPrincipal()]);
  // A half-signed-in session (second factor, password change) already knows who it is: its pages speak their language.
  const principal = session.ok ? session.principal : "pending" in session ? session.pending : null;
  return resolveUiPrefs({
    saved: principal?.uiPrefs ?? null,
    cookie: jar.get(UI_PREFS_COOKIE)?.value,
    acceptLanguage: head.get("accept-language"),
  });
});
