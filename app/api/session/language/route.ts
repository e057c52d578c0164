// POST /api/session/language: the quick language switch (sign-in page, user menu). A plain form post, so it works
// before any script has loaded: sets the `ui-prefs` cookie, saves the language for a signed-in user, and goes back
// (303) to the same-origin page it came from.
import { languageSwitchSchema } from "@/lib/schemas/ui-prefs";
import { parseUiPrefs, DEFAULT_UI_PREFS, UI_PREFS_COOKIE } from "@/lib/i18n/languages";
import { safeRedirectPath } from "@/lib/safe-redirect";
import { readCookie, sessionFromRequest } from "@/server/auth/session";
import { redirect303 } from "@/server/auth/sign-out";
import { env } from "@/server/env";
import { errorAnswer } from "@/server/http/errors";
import { publicRoute } from "@/server/http/route";
import { uiPrefsCookie } from "@/server/i18n/prefs-cookie";
import { appContext } from "@/server/services/app-deps";
import { saveUiLanguage } from "@/server/services/account/save-ui-prefs";

export const POST = publicRoute("the language switch: the sign-in page has it too", async (req) => {
  const form = await req.formData().catch(() => null);
  const parsed = languageSwitchSchema.safeParse({
    language: form?.get("language") ?? undefined,
    next: form?.get("next") ?? undefined,
  });
  if (!parsed.success) return errorAnswer({ req }, "invalid_request", "http.chooseLanguage");
  const { language, next } = parsed.data;
  const session = await sessionFromRequest(req);
  const current = parseUiPrefs(readCookie(req.headers.get("cookie"), UI_PREFS_COOKIE));
  const saved = session.ok ? session.principal.uiPrefs : undefined;
  const prefs = { ...DEFAULT_UI_PREFS, ...current, ...(saved ? { digits: saved.digits, hijri: saved.hijri } : {}), language };
  if (session.ok) await saveUiLanguage(await appContext({ principal: session.principal }), language);
  const res = redirect303(safeRedirectPath(next, env().appUrl));
  res.headers.append("Set-Cookie", uiPrefsCookie(prefs));
  return res;
});
