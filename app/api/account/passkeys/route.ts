// POST /api/account/passkeys: add a passkey (the browser's answer to this session's registration challenge).
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { addPasskeySchema } from "@/lib/schemas/passkeys";
import { mfaDeps, mfaRelyingParty } from "@/server/auth/mfa/deps";
import { addPasskey } from "@/server/auth/mfa/passkey-registration";
import { route } from "@/server/http/route";

export const POST = route({ permission: "authenticated", body: addPasskeySchema }, async ({ principal, body, ip }) => {
  return addPasskey(
    await mfaDeps(),
    principal,
    { name: body.name, response: body.response as RegistrationResponseJSON },
    { ip, rp: mfaRelyingParty() },
  );
});
