// PUT /api/account/preferences: the signed-in user's language (or "as my browser"), digits and Hijri line; the
// `ui-prefs` cookie follows, so the sign-in page speaks the same language after signing out.
import { DEFAULT_UI_PREFS, negotiateLanguage, parseUiPrefs, UI_PREFS_COOKIE } from "@/lib/i18n/languages";
import { uiPrefsSchema } from "@/lib/schemas/ui-prefs";
import { readCookie } from "@/server/auth/session";
import { route } from "@/server/http/route";
import { uiPrefsCookie } from "@/server/i18n/prefs-cookie";
import { saveUiPrefs } from "@/server/services/account/save-ui-prefs";
import { appContext } from "@/server/services/app-deps";

export const PUT = route({ permission: "authenticated", body: uiPrefsSchema }, async ({ req, principal, body }) => {
  const saved = await saveUiPrefs(await appContext({ principal }), body);
  const browser =
    parseUiPrefs(readCookie(req.headers.get("cookie"), UI_PREFS_COOKIE))?.language ?? negotiateLanguage(req.headers.get("accept-language"));
  const cookie = uiPrefsCookie({ ...DEFAULT_UI_PREFS, language: saved.language ?? browser, digits: saved.digits, hijri: saved.hijri });
  return Response.json({ preferences: saved }, { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
});
