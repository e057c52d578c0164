// "Forgot your password?": the throttle check runs for every request (same work, same answer, whether or not an
// account exists); the rest — finding the account, voiding its earlier reset links, storing the new link's hash and
// queueing the mail in one transaction — is returned as a follow-up the route runs after it has answered, so the
// answer's timing does not tell whether the address has an account. Disabled accounts get no mail. Audited either way.
import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { passwordResetRequestSchema, type PasswordResetRequestInput } from "@/lib/schemas/password-reset";
import { appendAudit } from "../../audit/audit-log";
import { passwordTokens, users } from "../../db/schema";
import { AppError } from "../../errors";
import { enqueueMail } from "../../mail/outbox";
import { mailPrefsFor, passwordResetMail, type MailPrefs } from "../../mail/templates";
import { wakeMailWorker } from "../../mail/worker";
import { hashToken } from "../admin/users/create-user";
import type { ServiceDeps } from "../deps";
import { recordResetRequest } from "./password-reset-limit";
import { vmsg } from "@/lib/schemas/messages";

/** A reset link lasts one hour at most (shorter than an invitation: the account exists and is in use). */
export const RESET_LINK_MAX_MS = 3_600_000;

export type ResetOutcome = "mailed" | "no_account" | "disabled";

/** Throttle and record the request; returns the follow-up that issues the link (run it after answering). */
export async function requestPasswordReset(
  deps: ServiceDeps,
  raw: PasswordResetRequestInput,
  ip: string,
  /** The language of the page the reset was asked from: the mail's when the user saved none. */
  requestPrefs?: MailPrefs,
): Promise<() => Promise<ResetOutcome>> {
  const parsed = passwordResetRequestSchema.safeParse(raw);
  if (!parsed.success) throw new AppError("invalid_request", "auth.validEmail", { email: [vmsg("email.valid")] });
  const { email } = parsed.data;
  await deps.db.transaction((tx) => recordResetRequest(tx, email, ip, deps.now()));
  return () => issueResetLink(deps, email, ip, requestPrefs);
}

async function issueResetLink(deps: ServiceDeps, email: string, ip: string, requestPrefs?: MailPrefs): Promise<ResetOutcome> {
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx): Promise<ResetOutcome> => {
    const [user] = await tx.select().from(users).where(eq(users.email, email)).limit(1).for("update");
    if (!user || user.status !== "active") {
      const result: ResetOutcome = user ? "disabled" : "no_account";
      await appendAudit(tx, {
        action: "auth.password_reset_requested",
        actorId: user?.id ?? null,
        actorEmail: email,
        ip,
        targetType: user ? "user" : null,
        targetId: user?.id ?? null,
        summary: { outcome: result },
      });
      return result;
    }
    // Only the newest reset link works: earlier unused ones are voided (an invitation link is left alone).
    await tx
      .update(passwordTokens)
      .set({ voidedAt: now })
      .where(
        and(
          eq(passwordTokens.userId, user.id),
          eq(passwordTokens.kind, "reset"),
          isNull(passwordTokens.usedAt),
          isNull(passwordTokens.voidedAt),
        ),
      );
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(now.getTime() + Math.min(deps.config.setPasswordLinkMs, RESET_LINK_MAX_MS));
    await tx
      .insert(passwordTokens)
      .values({ userId: user.id, tokenHash: hashToken(token), kind: "reset", createdBy: null, expiresAt, createdAt: now });
    await enqueueMail(
      tx,
      user.email,
      passwordResetMail(
        { name: user.name, url: `${deps.config.appUrl}/set-password?token=${token}`, expiresAt },
        mailPrefsFor(user, requestPrefs),
      ),
    );
    await appendAudit(tx, {
      action: "auth.password_reset_requested",
      actorId: user.id,
      actorEmail: user.email,
      ip,
      targetType: "user",
      targetId: user.id,
      summary: { outcome: "mailed", expiresAt: expiresAt.toISOString() },
    });
    return "mailed";
  });
  if (outcome === "mailed") wakeMailWorker(); // committed: send it now rather than at the worker's next tick
  return outcome;
}
