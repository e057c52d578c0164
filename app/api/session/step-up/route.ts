// POST /api/session/step-up: present a second factor again (TOTP or recovery code) before a sensitive action.
import { codeFactorSchema } from "@/lib/schemas/mfa";
import { mfaDeps } from "@/server/auth/mfa/deps";
import { presentCodeFactor } from "@/server/auth/mfa/present-factor";
import { answerWithSession } from "@/server/auth/session-cookie";
import { route } from "@/server/http/route";

export const POST = route({ permission: "authenticated", body: codeFactorSchema }, async ({ principal, body, ip }) => {
  return answerWithSession(await presentCodeFactor(await mfaDeps(), principal, body, { ip, purpose: "step_up" }), principal);
});
