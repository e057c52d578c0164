// Schemas of the passkey calls: the browser's WebAuthn answers (checked in depth by @simplewebauthn/server; here
// only their shape and size) and the passkey's name.
import { z } from "./zod";
import { vmsg } from "./messages";

const b64url = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9_-]*$/);

const credentialBase = {
  id: b64url,
  rawId: b64url,
  type: z.literal("public-key"),
  clientExtensionResults: z.looseObject({}).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
};

export const registrationResponseSchema = z.looseObject({
  ...credentialBase,
  response: z.looseObject({
    clientDataJSON: b64url,
    attestationObject: b64url,
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});

export const authenticationResponseSchema = z.looseObject({
  ...credentialBase,
  response: z.looseObject({ clientDataJSON: b64url, authenticatorData: b64url, signature: b64url, userHandle: b64url.optional() }),
});

export const passkeyNameSchema = z.string().trim().min(1, vmsg("passkeys.name")).max(60, vmsg("text.atMost60"));

export const addPasskeySchema = z.object({ name: passkeyNameSchema, response: registrationResponseSchema });
export const passkeyAssertionSchema = z.object({ purpose: z.enum(["sign_in", "step_up"]), response: authenticationResponseSchema });
