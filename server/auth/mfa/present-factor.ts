// Presenting a second factor by code: a TOTP code (each time step accepted once) or a recovery code (each code
// once). Used at sign-in and for step-up. Throttled per pending session, per user's pending sessions and per user's
// verified sessions (factor-limiter.ts); every failure and each lock are audited; success completes the session's
// second factor (session-factor.ts).
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { appendAudit } from "../../audit/audit-log";
import type { Tx } from "../../db/client";
import { mfaRecoveryCodes, mfaTotp } from "../../db/schema";
import { AppError } from "../../errors";
import type { Principal, SessionClaims } from "../principal";
import { vmsg } from "@/lib/schemas/messages";
import { throttleMinutes } from "../throttle";
import { clearFactorFailures, FACTOR_THROTTLE, factorVerdict, recordFactorFailure, type FactorAttempter } from "./factor-limiter";
import { hashRecoveryCode, normaliseRecoveryCode } from "./recovery-codes";
import { openSecret } from "./secret-box";
import { lockUser, markSessionFactor, sessionStage, type FactorKind, type FactorPurpose, type MfaDeps } from "./session-factor";
import { checkTotp } from "./totp";

export type CodeFactor = { kind: "totp" | "recovery_code"; code: string };

/** A TOTP code of the user's confirmed authenticator: true when good and not a replay (its step is then spent). */
async function consumeTotp(tx: Tx, authSecret: string, userId: string, code: string, now: Date): Promise<boolean> {
  const [row] = await tx
    .select()
    .from(mfaTotp)
    .where(and(eq(mfaTotp.userId, userId), isNotNull(mfaTotp.confirmedAt)));
  const secret = row ? openSecret(authSecret, userId, row.secretEnc) : null;
  if (!row || !secret) return false;
  const step = await checkTotp({ secret, code, lastUsedStep: row.lastUsedStep, now });
  if (step === null) return false;
  await tx.update(mfaTotp).set({ lastUsedStep: step, lastUsedAt: now }).where(eq(mfaTotp.userId, userId));
  return true;
}

async function consumeRecoveryCode(tx: Tx, userId: string, code: string, now: Date): Promise<boolean> {
  const normalised = normaliseRecoveryCode(code);
  if (!normalised) return false;
  const used = await tx
    .update(mfaRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, hashRecoveryCode(normalised)),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return used.length === 1;
}

export async function recoveryCodesLeft(tx: Pick<Tx, "select">, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/**
 * What a factor step answers, with `session`: the claims of the session's new id when this factor completed the
 * sign-in (the route sets the new cookie from them, server/auth/session-cookie.ts), null when the session keeps its id.
 */
export type WithSession<T> = T & { session: SessionClaims | null };

/**
 * Runs `check` under the user's lock and the factor throttle. A failure is recorded and audited (and committed);
 * success clears the failures and records the factor on the session. Throws the user-facing refusal.
 */
export async function withFactorAttempt<T extends object>(
  deps: MfaDeps,
  principal: Principal,
  ctx: { ip: string; purpose: FactorPurpose; kind: FactorKind },
  check: (tx: Tx, now: Date) => Promise<T | null>,
): Promise<WithSession<T>> {
  const now = deps.now?.() ?? new Date();
  const outcome = await deps.db.transaction(async (tx) => {
    await lockUser(tx, principal.userId);
    // Pending or verified as the database has it now, not as the request's principal was read.
    const attempter: FactorAttempter = {
      userId: principal.userId,
      sessionId: principal.sessionId,
      pending: (await sessionStage(tx, principal)) === "pending",
    };
    const verdict = await factorVerdict(tx, attempter, now);
    if (!verdict.allowed) return { ok: false as const, retryAfterMs: verdict.retryAfterMs };
    const value = await check(tx, now);
    const audit = {
      actorId: principal.userId,
      actorEmail: principal.email,
      ip: ctx.ip,
      targetType: "session",
      targetId: principal.sessionId,
      at: now,
    };
    if (value === null) {
      const locks = await recordFactorFailure(tx, attempter, ctx.kind, now);
      await appendAudit(tx, { ...audit, action: "auth.second_factor_failed", summary: { kind: ctx.kind, purpose: ctx.purpose } });
      for (const scope of locks)
        await appendAudit(tx, {
          ...audit,
          action: "auth.second_factor_locked",
          summary: { kind: ctx.kind, purpose: ctx.purpose, scope, lockedMinutes: FACTOR_THROTTLE.lockMs / 60_000 },
        });
      return { ok: false as const, retryAfterMs: null };
    }
    await clearFactorFailures(tx, attempter);
    const session = await markSessionFactor(tx, principal, ctx.kind, ctx, now);
    return { ok: true as const, value: { ...value, session } };
  });
  if (outcome.ok) return outcome.value;
  if (outcome.retryAfterMs !== null)
    throw new AppError("rate_limited", ["auth.throttledCodes", { minutes: throttleMinutes(outcome.retryAfterMs) }]);
  if (ctx.kind === "recovery_code")
    throw new AppError("invalid_request", "auth.wrongRecoveryCode", { code: [vmsg("mfa.wrongRecoveryCode")] });
  throw new AppError("invalid_request", "auth.wrongCode", { code: [vmsg("mfa.wrongCode")] });
}

/** Sign-in or step-up with a TOTP or recovery code; tells how many recovery codes are left. */
export async function presentCodeFactor(
  deps: MfaDeps,
  principal: Principal,
  input: CodeFactor,
  ctx: { ip: string; purpose: "sign_in" | "step_up" },
): Promise<WithSession<{ recoveryCodesLeft: number }>> {
  return withFactorAttempt(deps, principal, { ...ctx, kind: input.kind }, async (tx, now) => {
    const good =
      input.kind === "totp"
        ? await consumeTotp(tx, deps.authSecret, principal.userId, input.code, now)
        : await consumeRecoveryCode(tx, principal.userId, input.code, now);
    return good ? { recoveryCodesLeft: await recoveryCodesLeft(tx, principal.userId) } : null;
  });
}
