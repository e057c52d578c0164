// A passkey as the second factor (sign-in or step-up), with @simplewebauthn/server 14: the options carry a
// challenge bound to this session (single use, 5 minutes) and the user's own credentials; the answer must be for
// that challenge, this origin and relying party, one of the user's passkeys, with user verification. Failures count
// towards the factor throttle like wrong codes.
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { and, eq } from "drizzle-orm";
import { mfaPasskeys } from "../../db/schema";
import { AppError } from "../../errors";
import { logger } from "../../log/logger";
import type { Principal } from "../principal";
import { withFactorAttempt, type WithSession } from "./present-factor";
import type { MfaDeps } from "./session-factor";
import { issueChallenge, spendChallenge } from "./webauthn-challenges";

export interface RelyingParty {
  rpId: string;
  origin: string;
  rpName: string;
}

export async function passkeyAuthenticationOptions(
  deps: MfaDeps,
  principal: Principal,
  rp: RelyingParty,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const now = deps.now?.() ?? new Date();
  const keys = await deps.db.select().from(mfaPasskeys).where(eq(mfaPasskeys.userId, principal.userId));
  if (keys.length === 0) throw new AppError("conflict", "auth.noPasskey");
  const challenge = await issueChallenge(deps.db, principal.sessionId, "authenticate", now);
  return generateAuthenticationOptions({
    rpID: rp.rpId,
    // As bytes: a string would be taken as UTF-8 text and encoded again, and the answer's challenge would not match.
    challenge: Uint8Array.from(Buffer.from(challenge, "base64url")),
    userVerification: "required",
    allowCredentials: keys.map((k) => ({ id: k.credentialId, transports: k.transports })),
  });
}

export async function presentPasskey(
  deps: MfaDeps,
  principal: Principal,
  response: AuthenticationResponseJSON,
  ctx: { ip: string; purpose: "sign_in" | "step_up"; rp: RelyingParty },
): Promise<WithSession<{ ok: true }>> {
  return withFactorAttempt(deps, principal, { ip: ctx.ip, purpose: ctx.purpose, kind: "passkey" }, async (tx, now) => {
    const challenge = await spendChallenge(tx, principal.sessionId, "authenticate", now);
    const [key] = await tx
      .select()
      .from(mfaPasskeys)
      .where(and(eq(mfaPasskeys.userId, principal.userId), eq(mfaPasskeys.credentialId, response.id)));
    if (!challenge || !key) return null;
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: ctx.rp.origin,
      expectedRPID: ctx.rp.rpId,
      requireUserVerification: true,
      credential: {
        id: key.credentialId,
        publicKey: Buffer.from(key.publicKey, "base64url"),
        counter: key.counter,
        transports: key.transports,
      },
    }).catch((e: unknown) => {
      logger.warn("auth.passkey_refused", { reason: e instanceof Error ? e.message : String(e) });
      return null;
    });
    if (!result?.verified) return null;
    await tx.update(mfaPasskeys).set({ counter: result.authenticationInfo.newCounter, lastUsedAt: now }).where(eq(mfaPasskeys.id, key.id));
    return { ok: true as const };
  });
}
