// Enrolling an authenticator app: a secret is kept (sealed) unconfirmed until the user enters a code from it; the
// code confirms it, 10 new recovery codes replace any old ones (shown once, stored hashed), and the session's
// second factor is recorded. A user who already has a factor (a passkey) adds one only after a fresh factor, so
// that a password-only session can never enrol its own authenticator over the real one; a user whose factors a
// super-admin reset enrols only with the link mailed to them (enrolment-links.ts), which the confirmation spends.
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { appendAudit } from "../../audit/audit-log";
import type { Tx } from "../../db/client";
import { mfaRecoveryCodes, mfaTotp } from "../../db/schema";
import { AppError } from "../../errors";
import type { Principal } from "../principal";
import { requireFreshFactor } from "../step-up";
import { checkEnrolmentLink, spendEnrolmentLink } from "./enrolment-links";
import { withFactorAttempt, type WithSession } from "./present-factor";
import { newRecoveryCodes } from "./recovery-codes";
import { openSecret, sealSecret } from "./secret-box";
import { enrolledFactors, lockUser, type MfaDeps } from "./session-factor";
import { checkTotp, newTotpSecret, totpUri } from "./totp";

/** An unconfirmed secret is offered again for this long (a reload shows the same QR code), then replaced. */
const PENDING_SECRET_MS = 15 * 60_000;

/** Refuses or allows; returns the enrolment link to spend on confirmation (null when none is needed). */
async function assertMayEnrol(tx: Tx, principal: Principal, now: Date, linkToken: string | null | undefined): Promise<string | null> {
  const factors = await enrolledFactors(tx, principal.userId);
  if (factors.totp) throw new AppError("conflict", "auth.totpAlreadySetUpRemoveFirst");
  if (factors.passkeys > 0) requireFreshFactor({ ...principal, hasFactor: true }, now);
  return checkEnrolmentLink(tx, principal.userId, linkToken, now);
}

/** The secret to show (QR code and text); the same one until it is confirmed or 15 minutes have passed. */
export async function startTotpEnrolment(
  deps: MfaDeps,
  principal: Principal,
  issuer: string,
  /** The token of the enrolment link mailed after a factor reset, when the user came by it. */
  linkToken?: string | null,
): Promise<{ secret: string; uri: string }> {
  const now = deps.now?.() ?? new Date();
  const secret = await deps.db.transaction(async (tx) => {
    await lockUser(tx, principal.userId);
    await assertMayEnrol(tx, principal, now, linkToken);
    const [pending] = await tx
      .select()
      .from(mfaTotp)
      .where(and(eq(mfaTotp.userId, principal.userId), isNull(mfaTotp.confirmedAt)));
    const kept =
      pending && now.getTime() - pending.createdAt.getTime() < PENDING_SECRET_MS
        ? openSecret(deps.authSecret, principal.userId, pending.secretEnc)
        : null;
    if (kept) return kept;
    const fresh = newTotpSecret();
    const secretEnc = sealSecret(deps.authSecret, principal.userId, fresh);
    await tx
      .insert(mfaTotp)
      .values({ userId: principal.userId, secretEnc, createdAt: now })
      .onConflictDoUpdate({ target: mfaTotp.userId, set: { secretEnc, createdAt: now, lastUsedStep: null, lastUsedAt: null } });
    return fresh;
  });
  return { secret, uri: totpUri({ issuer, label: principal.email, secret }) };
}

/** Confirms the pending authenticator with a code from it; returns the new recovery codes (shown once). */
export async function confirmTotpEnrolment(
  deps: MfaDeps,
  principal: Principal,
  code: string,
  ip: string,
  linkToken?: string | null,
): Promise<WithSession<{ recoveryCodes: string[] }>> {
  return withFactorAttempt(deps, principal, { ip, purpose: "enrol", kind: "totp" }, async (tx, now) => {
    const link = await assertMayEnrol(tx, principal, now, linkToken);
    const [pending] = await tx
      .select()
      .from(mfaTotp)
      .where(and(eq(mfaTotp.userId, principal.userId), isNull(mfaTotp.confirmedAt)));
    if (!pending) throw new AppError("conflict", "auth.totpStartAgain");
    const secret = openSecret(deps.authSecret, principal.userId, pending.secretEnc);
    const step = secret ? await checkTotp({ secret, code, lastUsedStep: null, now }) : null;
    if (step === null) return null;
    const confirmed = await tx
      .update(mfaTotp)
      .set({ confirmedAt: now, lastUsedStep: step, lastUsedAt: now })
      .where(and(eq(mfaTotp.userId, principal.userId), isNull(mfaTotp.confirmedAt)))
      .returning({ id: mfaTotp.userId });
    if (confirmed.length !== 1) throw new AppError("conflict", "auth.totpAlreadySetUp");
    await spendEnrolmentLink(tx, link, now);
    const { codes } = await replaceRecoveryCodes(tx, principal.userId, now);
    await appendAudit(tx, {
      action: "auth.factor_enrolled",
      actorId: principal.userId,
      actorEmail: principal.email,
      ip,
      targetType: "user",
      targetId: principal.userId,
      summary: { kind: "totp", recoveryCodes: codes.length, ...(link ? { enrolmentLink: true } : {}) },
      at: now,
    });
    return { recoveryCodes: codes };
  });
}

/** Replaces every recovery code of the user with 10 new ones (old ones stop working at once). */
export async function replaceRecoveryCodes(tx: Tx, userId: string, now: Date): Promise<{ codes: string[] }> {
  const { codes, hashes } = newRecoveryCodes();
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await tx.insert(mfaRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
  return { codes };
}

/** Whether the user has a confirmed authenticator app (used by pages to pick the verify form). */
export async function hasConfirmedTotp(tx: Pick<Tx, "select">, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: mfaTotp.userId })
    .from(mfaTotp)
    .where(and(eq(mfaTotp.userId, userId), isNotNull(mfaTotp.confirmedAt)));
  return !!row;
}
