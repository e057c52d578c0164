// The `ui-prefs` cookie as a Set-Cookie header: a year, the whole site, readable by no script (the server reads it),
// Secure with an https APP_URL. Not a secret: it holds "ar.latn.0".
import "server-only";
import { serializeUiPrefs, UI_PREFS_COOKIE, type UiPrefs } from "@/lib/i18n/languages";
import { env } from "../env";

export function uiPrefsCookie(prefs: UiPrefs): string {
  const secure = env().secureCookies ? "; Secure" : "";
  return `${UI_PREFS_COOKIE}=${serializeUiPrefs(prefs)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000${secure}`;
}
