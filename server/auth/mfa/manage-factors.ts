// A user's own factors on the Account page: list them, remove one, make new recovery codes. Removing and
// regenerating need a fresh second factor (step-up); the last factor cannot be removed while MFA_REQUIRED asks this
// user for one. Each change is audited in its transaction.
import { and, asc, eq } from "drizzle-orm";
import { appendAudit } from "../../audit/audit-log";
import type { Db } from "../../db/client";
import { mfaPasskeys, mfaRecoveryCodes, mfaTotp } from "../../db/schema";
import { AppError } from "../../errors";
import type { Principal } from "../principal";
import { requireFreshFactor } from "../step-up";
import { recoveryCodesLeft } from "./present-factor";
import { enrolledFactors, lockUser, type MfaDeps } from "./session-factor";
import { replaceRecoveryCodes } from "./totp-enrolment";

export interface FactorList {
  totp: { createdAt: Date; lastUsedAt: Date | null } | null;
  passkeys: Array<{ id: string; name: string; createdAt: Date; lastUsedAt: Date | null }>;
  recoveryCodesLeft: number;
}

export async function listFactors(db: Db, userId: string): Promise<FactorList> {
  const [totp] = await db.select().from(mfaTotp).where(eq(mfaTotp.userId, userId));
  const passkeys = await db
    .select({ id: mfaPasskeys.id, name: mfaPasskeys.name, createdAt: mfaPasskeys.createdAt, lastUsedAt: mfaPasskeys.lastUsedAt })
    .from(mfaPasskeys)
    .where(eq(mfaPasskeys.userId, userId))
    .orderBy(asc(mfaPasskeys.createdAt));
  return {
    totp: totp?.confirmedAt ? { createdAt: totp.confirmedAt, lastUsedAt: totp.lastUsedAt } : null,
    passkeys,
    recoveryCodesLeft: await recoveryCodesLeft(db, userId),
  };
}

export type FactorRef = { kind: "totp" } | { kind: "passkey"; id: string };

export async function removeFactor(deps: MfaDeps, principal: Principal, factor: FactorRef, ip: string): Promise<void> {
  const now = deps.now?.() ?? new Date();
  requireFreshFactor(principal, now);
  await deps.db.transaction(async (tx) => {
    await lockUser(tx, principal.userId);
    const before = await enrolledFactors(tx, principal.userId);
    const has =
      factor.kind === "totp"
        ? before.totp
        : (
            await tx
              .select({ id: mfaPasskeys.id })
              .from(mfaPasskeys)
              .where(and(eq(mfaPasskeys.id, factor.id), eq(mfaPasskeys.userId, principal.userId)))
          ).length === 1;
    if (!has) throw new AppError("not_found", "auth.factorNotFound");
    const remaining = (before.totp ? 1 : 0) + before.passkeys - 1;
    if (remaining === 0 && principal.mfaRequired) {
      throw new AppError("conflict", "auth.lastFactor");
    }
    if (factor.kind === "totp") await tx.delete(mfaTotp).where(eq(mfaTotp.userId, principal.userId));
    else await tx.delete(mfaPasskeys).where(and(eq(mfaPasskeys.id, factor.id), eq(mfaPasskeys.userId, principal.userId)));
    // Recovery codes stand in for a factor: with no factor left they go too.
    if (remaining === 0) await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, principal.userId));
    await appendAudit(tx, {
      action: "auth.factor_removed",
      actorId: principal.userId,
      actorEmail: principal.email,
      ip,
      targetType: "user",
      targetId: principal.userId,
      summary: { ...factor, remaining },
      at: now,
    });
  });
}

export async function regenerateRecoveryCodes(deps: MfaDeps, principal: Principal, ip: string): Promise<{ recoveryCodes: string[] }> {
  const now = deps.now?.() ?? new Date();
  requireFreshFactor(principal, now);
  return deps.db.transaction(async (tx) => {
    await lockUser(tx, principal.userId);
    const factors = await enrolledFactors(tx, principal.userId);
    if (!factors.totp && factors.passkeys === 0) throw new AppError("conflict", "auth.recoveryNeedsFactor");
    const { codes } = await replaceRecoveryCodes(tx, principal.userId, now);
    await appendAudit(tx, {
      action: "auth.recovery_codes_regenerated",
      actorId: principal.userId,
      actorEmail: principal.email,
      ip,
      targetType: "user",
      targetId: principal.userId,
      at: now,
    });
    return { recoveryCodes: codes };
  });
}
