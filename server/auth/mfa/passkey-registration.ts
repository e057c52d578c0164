// Adding a passkey from the Account page, with @simplewebauthn/server 14. Adding a factor is sensitive: it needs a
// fresh second factor first (a user with none, under MFA_REQUIRED=none, is not asked). The challenge is bound to the
// session, single use, 5 minutes; the answer must come from this origin and relying party with user verification.
// After a super-admin reset the user's factors, the mailed link's authenticator app comes first (enrolment-links.ts).
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { eq } from "drizzle-orm";
import { appendAudit } from "../../audit/audit-log";
import { mfaPasskeys } from "../../db/schema";
import { isUniqueViolation } from "../../db/errors";
import { AppError } from "../../errors";
import { logger } from "../../log/logger";
import type { Principal } from "../principal";
import { requireFreshFactor } from "../step-up";
import type { RelyingParty } from "./passkey-authentication";
import type { MfaDeps } from "./session-factor";
import { checkEnrolmentLink } from "./enrolment-links";
import { issueChallenge, spendChallenge } from "./webauthn-challenges";

const MAX_PASSKEYS = 10;

export async function passkeyRegistrationOptions(
  deps: MfaDeps,
  principal: Principal,
  rp: RelyingParty,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const now = deps.now?.() ?? new Date();
  requireFreshFactor(principal, now);
  await checkEnrolmentLink(deps.db, principal.userId, null, now);
  const keys = await deps.db.select().from(mfaPasskeys).where(eq(mfaPasskeys.userId, principal.userId));
  if (keys.length >= MAX_PASSKEYS) throw new AppError("conflict", ["auth.tooManyPasskeys", { max: MAX_PASSKEYS }]);
  const challenge = await issueChallenge(deps.db, principal.sessionId, "register", now);
  return generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpId,
    userName: principal.email,
    userDisplayName: principal.name,
    userID: new TextEncoder().encode(principal.userId),
    // As bytes: a string would be taken as UTF-8 text and encoded again, and the answer's challenge would not match.
    challenge: Uint8Array.from(Buffer.from(challenge, "base64url")),
    attestationType: "none",
    excludeCredentials: keys.map((k) => ({ id: k.credentialId, transports: k.transports })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "required" },
  });
}

export async function addPasskey(
  deps: MfaDeps,
  principal: Principal,
  input: { name: string; response: RegistrationResponseJSON },
  ctx: { ip: string; rp: RelyingParty },
): Promise<{ id: string }> {
  const now = deps.now?.() ?? new Date();
  requireFreshFactor(principal, now);
  await checkEnrolmentLink(deps.db, principal.userId, null, now);
  const challenge = await spendChallenge(deps.db, principal.sessionId, "register", now);
  if (!challenge) throw new AppError("conflict", "auth.passkeyExpired");
  const result = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: challenge,
    expectedOrigin: ctx.rp.origin,
    expectedRPID: ctx.rp.rpId,
    requireUserVerification: true,
  }).catch((e: unknown) => {
    logger.warn("auth.passkey_registration_refused", { reason: e instanceof Error ? e.message : String(e) });
    return null;
  });
  if (!result?.verified) throw new AppError("invalid_request", "auth.passkeyNotVerified");
  const { credential } = result.registrationInfo;
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(mfaPasskeys)
        .values({
          userId: principal.userId,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString("base64url"),
          counter: credential.counter,
          transports: credential.transports ?? [],
          name: input.name,
          createdAt: now,
        })
        .returning({ id: mfaPasskeys.id });
      await appendAudit(tx, {
        action: "auth.factor_enrolled",
        actorId: principal.userId,
        actorEmail: principal.email,
        ip: ctx.ip,
        targetType: "user",
        targetId: principal.userId,
        summary: { kind: "passkey", name: input.name },
        at: now,
      });
      return { id: row!.id };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError("conflict", "auth.passkeyAlreadyRegistered");
    throw e;
  }
}
