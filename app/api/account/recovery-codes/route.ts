// POST /api/account/recovery-codes: replace your recovery codes with 10 new ones (after a fresh factor); shown once.
import { mfaDeps } from "@/server/auth/mfa/deps";
import { regenerateRecoveryCodes } from "@/server/auth/mfa/manage-factors";
import { route } from "@/server/http/route";

export const POST = route({ permission: "authenticated" }, async ({ principal, ip }) => {
  return regenerateRecoveryCodes(await mfaDeps(), principal, ip);
});
