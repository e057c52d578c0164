// Recording a presented second factor on the session (server-side state the JWT only points to): the sign-in is
// complete (mfaVerifiedAt, kept from the first time), the factor is fresh for step-up (factorAt), and which one it
// was (factorKind); audited `auth.second_factor` in the same transaction. Completing the sign-in moves the session
// to a new id, so that the cookie of the password step alone is worth nothing afterwards.
import { and, eq, isNull, sql } from "drizzle-orm";
import { appendAudit } from "../../audit/audit-log";
import type { Db, Tx } from "../../db/client";
import { mfaPasskeys, mfaTotp, sessions, users } from "../../db/schema";
import { AppError } from "../../errors";
import { rotateSession, type Principal, type SessionClaims } from "../principal";

export type FactorKind = "totp" | "recovery_code" | "passkey";
export type FactorPurpose = "sign_in" | "enrol" | "step_up";

export interface MfaDeps {
  db: Db;
  /** The auth secret (server/auth/secret.ts): TOTP secrets are sealed under a key derived from it. */
  authSecret: string;
  now?: () => Date;
}

/**
 * Records the factor on the session. The factor that completes a sign-in (the session had none yet) moves the
 * session to a new id (rotateSession): the answer carries the new session's claims for the new cookie. A factor
 * presented again (step-up) keeps the session as it is, and null is returned.
 */
export async function markSessionFactor(
  tx: Tx,
  principal: Principal,
  kind: FactorKind,
  ctx: { ip: string; purpose: FactorPurpose },
  now: Date,
): Promise<SessionClaims | null> {
  const [row] = await tx
    .select({ mfaVerifiedAt: sessions.mfaVerifiedAt })
    .from(sessions)
    .where(and(eq(sessions.id, principal.sessionId), eq(sessions.userId, principal.userId), isNull(sessions.endedAt)))
    .for("update");
  if (!row) throw new AppError("unauthenticated", "auth.sessionEnded");
  let rotated: SessionClaims | null = null;
  if (row.mfaVerifiedAt) {
    await tx.update(sessions).set({ factorAt: now, factorKind: kind }).where(eq(sessions.id, principal.sessionId));
  } else {
    rotated = await rotateSession(tx, principal, { mfaVerifiedAt: now, factorAt: now, factorKind: kind }, now);
    if (!rotated) throw new AppError("unauthenticated", "auth.sessionEnded");
  }
  await appendAudit(tx, {
    action: "auth.second_factor",
    actorId: principal.userId,
    actorEmail: principal.email,
    ip: ctx.ip,
    targetType: "session",
    targetId: rotated?.sid ?? principal.sessionId,
    summary: { kind, purpose: ctx.purpose, ...(rotated ? { replacedSession: principal.sessionId } : {}) },
    at: now,
  });
  return rotated;
}

/**
 * Whether the principal's session is still at the password step (its sign-in owes the second factor) or verified.
 * A session that has ended meanwhile (signed out, or replaced by its successor) is no session: 401.
 */
export async function sessionStage(tx: Tx, principal: Pick<Principal, "userId" | "sessionId">): Promise<"pending" | "verified"> {
  const [row] = await tx
    .select({ mfaVerifiedAt: sessions.mfaVerifiedAt })
    .from(sessions)
    .where(and(eq(sessions.id, principal.sessionId), eq(sessions.userId, principal.userId), isNull(sessions.endedAt)));
  if (!row) throw new AppError("unauthenticated", "auth.sessionEnded");
  return row.mfaVerifiedAt ? "verified" : "pending";
}

/** Takes the user's row lock for the rest of the transaction: factor attempts and changes of one user run in turn. */
export async function lockUser(tx: Tx, userId: string): Promise<void> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  if (!row) throw new AppError("unauthenticated", "auth.sessionEnded");
}

/** What the user has enrolled: a confirmed authenticator app, how many passkeys. */
export async function enrolledFactors(tx: Tx | Db, userId: string): Promise<{ totp: boolean; passkeys: number }> {
  const [t] = await tx.select({ confirmedAt: mfaTotp.confirmedAt }).from(mfaTotp).where(eq(mfaTotp.userId, userId));
  const [p] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(mfaPasskeys)
    .where(eq(mfaPasskeys.userId, userId));
  return { totp: !!t?.confirmedAt, passkeys: p?.n ?? 0 };
}
