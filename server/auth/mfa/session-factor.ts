// Recording a presented second factor on the session (server-side state the JWT only points to): the sign-in is
// complete (mfaVerifiedAt, kept from the first time), the factor is fresh for step-up (factorAt), and which one it
// was (factorKind); audited `auth.second_factor` in the same transaction.
import { and, eq, isNull, sql } from "drizzle-orm";
import { appendAudit } from "../../audit/audit-log";
import type { Db, Tx } from "../../db/client";
import { mfaPasskeys, mfaTotp, sessions, users } from "../../db/schema";
import { AppError } from "../../errors";
import type { Principal } from "../principal";

export type FactorKind = "totp" | "recovery_code" | "passkey";
export type FactorPurpose = "sign_in" | "enrol" | "step_up";

export interface MfaDeps {
  db: Db;
  /** The auth secret (server/auth/secret.ts): TOTP secrets are sealed under a key derived from it. */
  authSecret: string;
  now?: () => Date;
}

export async function markSessionFactor(
  tx: Tx,
  principal: Principal,
  kind: FactorKind,
  ctx: { ip: string; purpose: FactorPurpose },
  now: Date,
): Promise<void> {
  const updated = await tx
    .update(sessions)
    .set({ mfaVerifiedAt: sql`coalesce(${sessions.mfaVerifiedAt}, ${now.toISOString()}::timestamptz)`, factorAt: now, factorKind: kind })
    .where(and(eq(sessions.id, principal.sessionId), eq(sessions.userId, principal.userId), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  if (updated.length === 0) throw new AppError("unauthenticated", "auth.sessionEnded");
  await appendAudit(tx, {
    action: "auth.second_factor",
    actorId: principal.userId,
    actorEmail: principal.email,
    ip: ctx.ip,
    targetType: "session",
    targetId: principal.sessionId,
    summary: { kind, purpose: ctx.purpose },
    at: now,
  });
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
