// POST /api/session/passkey: present a passkey (the browser's WebAuthn answer to this session's challenge) as the
// second factor, at sign-in or for step-up. Completing a sign-in moves the session to a new id (a new cookie).
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { passkeyAssertionSchema } from "@/lib/schemas/passkeys";
import { mfaDeps, mfaRelyingParty } from "@/server/auth/mfa/deps";
import { presentPasskey } from "@/server/auth/mfa/passkey-authentication";
import { answerWithSession } from "@/server/auth/session-cookie";
import { route } from "@/server/http/route";

export const POST = route({ permission: "pending_second_factor", body: passkeyAssertionSchema }, async ({ principal, body, ip }) => {
  const result = await presentPasskey(await mfaDeps(), principal, body.response as AuthenticationResponseJSON, {
    ip,
    purpose: body.purpose,
    rp: mfaRelyingParty(),
  });
  return answerWithSession(result, principal);
});
