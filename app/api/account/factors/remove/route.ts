// POST /api/account/factors/remove: remove one of your own second factors (after a fresh factor; never the last one
// while MFA is required for you).
import { removeFactorSchema } from "@/lib/schemas/mfa";
import { mfaDeps } from "@/server/auth/mfa/deps";
import { removeFactor } from "@/server/auth/mfa/manage-factors";
import { route } from "@/server/http/route";

export const POST = route({ permission: "authenticated", body: removeFactorSchema }, async ({ principal, body, ip }) => {
  await removeFactor(await mfaDeps(), principal, body, ip);
  return { ok: true };
});
