// POST /api/session/second-factor: finish signing in with a TOTP code or a recovery code (the password step is done);
// the session moves to a new id and the answer sets its cookie.
import { codeFactorSchema } from "@/lib/schemas/mfa";
import { mfaDeps } from "@/server/auth/mfa/deps";
import { presentCodeFactor } from "@/server/auth/mfa/present-factor";
import { answerWithSession } from "@/server/auth/session-cookie";
import { route } from "@/server/http/route";

export const POST = route({ permission: "pending_second_factor", body: codeFactorSchema }, async ({ principal, body, ip }) => {
  return answerWithSession(await presentCodeFactor(await mfaDeps(), principal, body, { ip, purpose: "sign_in" }), principal);
});
