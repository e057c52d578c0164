// POST /api/session/passkey/options: a WebAuthn challenge (bound to this session, 5 minutes) and the user's passkeys,
// to present a passkey as the second factor (sign-in or step-up).
import { mfaDeps, mfaRelyingParty } from "@/server/auth/mfa/deps";
import { passkeyAuthenticationOptions } from "@/server/auth/mfa/passkey-authentication";
import { route } from "@/server/http/route";

export const POST = route({ permission: "pending_second_factor" }, async ({ principal }) => {
  return passkeyAuthenticationOptions(await mfaDeps(), principal, mfaRelyingParty());
});
