// POST /api/account/passkeys/options: WebAuthn registration options to add a passkey (after a fresh second factor).
import { mfaDeps, mfaRelyingParty } from "@/server/auth/mfa/deps";
import { passkeyRegistrationOptions } from "@/server/auth/mfa/passkey-registration";
import { route } from "@/server/http/route";

export const POST = route({ permission: "authenticated" }, async ({ principal }) => {
  return passkeyRegistrationOptions(await mfaDeps(), principal, mfaRelyingParty());
});
