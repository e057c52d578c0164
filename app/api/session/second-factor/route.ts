// POST /api/session/second-factor: finish signing in with a TOTP code or a recovery code (the password step is done).
import { codeFactorSchema } from "@/lib/schemas/mfa";
import { mfaDeps } from "@/server/auth/mfa/deps";
import { presentCodeFactor } from "@/server/auth/mfa/present-factor";
import { route } from "@/server/http/route";

export const POST = route({ permission: "pending_second_factor", body: codeFactorSchema }, async ({ principal, body, ip }) => {
  return presentCodeFactor(await mfaDeps(), principal, body, { ip, purpose: "sign_in" });
});
