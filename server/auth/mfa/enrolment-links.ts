// The one-time link that lets a user enrol a second factor again after a super-admin's "Reset 2FA" (PCI DSS 8.4.2):
// a phished password plus a "lost my phone" call must not be enough to set up the attacker's authenticator. Built
// like the invitation and password-reset links (server/services/admin/users/invitation.ts): 32 random bytes, only
// the SHA-256 kept, single use, a short expiry, a newer link voids the older, the only copy mailed to the user.
// While the user's newest link is neither used nor voided (live or expired), enrolment needs it; a brand-new user
// has none and enrols after the password as before (their invitation link already proved the mailbox).
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { mfaEnrolmentLinks } from "../../db/schema";
import { AppError } from "../../errors";

/** A link lasts a day at most: long enough to reach the mailbox after the helpdesk call, short for a stolen mail. */
export const ENROLMENT_LINK_MAX_MS = 24 * 3_600_000;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** Issues a new link (voiding the user's earlier unused ones) in the caller's transaction; the token is returned once. */
export async function issueEnrolmentLink(
  tx: Tx,
  p: { userId: string; createdBy: string; appUrl: string; linkMs: number },
  now: Date,
): Promise<{ url: string; expiresAt: Date }> {
  await tx
    .update(mfaEnrolmentLinks)
    .set({ voidedAt: now })
    .where(and(eq(mfaEnrolmentLinks.userId, p.userId), isNull(mfaEnrolmentLinks.usedAt), isNull(mfaEnrolmentLinks.voidedAt)));
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + Math.min(p.linkMs, ENROLMENT_LINK_MAX_MS));
  await tx
    .insert(mfaEnrolmentLinks)
    .values({ userId: p.userId, tokenHash: hashOf(token), createdBy: p.createdBy, createdAt: now, expiresAt });
  return { url: `${p.appUrl}/login/enrol?token=${token}`, expiresAt };
}

/**
 * Whether this user may enrol with `token` (passkeys, added from the Account page, never carry one: after a reset
 * the link's authenticator app comes first): without an outstanding link anyone may (a new user); with one, only the
 * live link's token does. Throws the user-facing refusal; returns the link's id to spend (null when none is needed).
 */
export async function checkEnrolmentLink(
  tx: Pick<Tx, "select">,
  userId: string,
  token: string | null | undefined,
  now: Date,
): Promise<string | null> {
  const [outstanding] = await tx
    .select()
    .from(mfaEnrolmentLinks)
    .where(and(eq(mfaEnrolmentLinks.userId, userId), isNull(mfaEnrolmentLinks.usedAt), isNull(mfaEnrolmentLinks.voidedAt)))
    .orderBy(desc(mfaEnrolmentLinks.createdAt))
    .limit(1);
  if (!outstanding) return null;
  if (!token) throw new AppError("forbidden", "auth.enrolLinkRequired");
  if (outstanding.tokenHash !== hashOf(token) || outstanding.expiresAt <= now) throw new AppError("forbidden", "auth.enrolLinkInvalid");
  return outstanding.id;
}

/** Spends the link with the enrolment it allowed (same transaction): it never works again. */
export async function spendEnrolmentLink(tx: Tx, linkId: string | null, now: Date): Promise<void> {
  if (!linkId) return;
  const spent = await tx
    .update(mfaEnrolmentLinks)
    .set({ usedAt: now })
    .where(and(eq(mfaEnrolmentLinks.id, linkId), isNull(mfaEnrolmentLinks.usedAt), isNull(mfaEnrolmentLinks.voidedAt)))
    .returning({ id: mfaEnrolmentLinks.id });
  if (spent.length !== 1) throw new AppError("forbidden", "auth.enrolLinkInvalid");
}
