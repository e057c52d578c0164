// POST /api/session/password-reset: "forgot your password?" — one answer whether or not the account exists; the link
// is issued and mailed after the answer has gone (server/services/auth/request-password-reset.ts).
import { uiPrefsOfRequest } from "@/server/i18n/translator";
import { after } from "next/server";
import { PASSWORD_RESET_ANSWER, passwordResetRequestSchema } from "@/lib/schemas/password-reset";
import { requestIp } from "@/server/http/request-ip";
import { parseJsonBody } from "@/server/http/parse-input";
import { publicRoute } from "@/server/http/route";
import { logger } from "@/server/log/logger";
import { appDeps } from "@/server/services/app-deps";
import { requestPasswordReset } from "@/server/services/auth/request-password-reset";

const MAX_BODY_BYTES = 2 * 1024;

export const POST = publicRoute(
  "password-reset: asked by someone who cannot sign in; the answer never says whether the account exists",
  async (req) => {
    const body = await parseJsonBody(req, passwordResetRequestSchema, MAX_BODY_BYTES);
    const issueLink = await requestPasswordReset(await appDeps(), body, requestIp(req.headers), uiPrefsOfRequest(req, null));
    // After the response: whether an account exists must not show in the answer's timing.
    after(async () => {
      try {
        await issueLink();
      } catch (e) {
        logger.error("auth.password_reset_failed", { error: e instanceof Error ? e.message : String(e) });
      }
    });
    return Response.json({ message: PASSWORD_RESET_ANSWER }, { headers: { "Cache-Control": "no-store" } });
  },
);
