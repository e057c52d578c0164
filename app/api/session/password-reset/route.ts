// POST /api/session/password-reset: "forgot your password?" — one answer whether or not the account exists; the link
// is issued and mailed after the answer has gone (server/services/auth/request-password-reset.ts).
import { after } from "next/server";
import { PASSWORD_RESET_ANSWER, passwordResetRequestSchema } from "@/lib/schemas/password-reset";
import { AppError } from "@/server/http/errors";
import { readBodyText } from "@/server/http/read-body";
import { clientIp } from "@/server/http/route-core";
import { publicRoute } from "@/server/http/route";
import { logger } from "@/server/log/logger";
import { appDeps } from "@/server/services/app-deps";
import { requestPasswordReset } from "@/server/services/auth/request-password-reset";

const MAX_BODY_BYTES = 2 * 1024;

export const POST = publicRoute("password-reset: asked by someone who cannot sign in; the answer never says whether the account exists", async (req) => {
  if (!/^application\/json\b/i.test(req.headers.get("content-type") ?? "")) throw new AppError("invalid_request", "Send the request body as application/json.");
  const body = await readBodyText(req, MAX_BODY_BYTES);
  if (!body.ok) throw new AppError("invalid_request", body.reason === "too_large" ? "The request body is too large." : "The request body is not valid UTF-8.");
  let json: unknown;
  try {
    json = JSON.parse(body.text);
  } catch {
    throw new AppError("invalid_request", "The request body is not valid JSON.");
  }
  const parsed = passwordResetRequestSchema.safeParse(json);
  if (!parsed.success) throw new AppError("invalid_request", "Check the highlighted fields.", { email: ["Enter a valid e-mail."] });
  const issueLink = await requestPasswordReset(await appDeps(), parsed.data, clientIp(req.headers));
  // After the response: whether an account exists must not show in the answer's timing.
  after(async () => {
    try {
      await issueLink();
    } catch (e) {
      logger.error("auth.password_reset_failed", { error: e instanceof Error ? e.message : String(e) });
    }
  });
  return Response.json({ message: PASSWORD_RESET_ANSWER }, { headers: { "Cache-Control": "no-store" } });
});
