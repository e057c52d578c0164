// A super-admin resets another user's second factors (a lost phone): the authenticator app, passkeys, recovery
// codes, failed attempts and second-factor locks go, every session of the user ends, and the user is mailed a
// one-time enrolment link (in the same transaction, through the outbox): enrolling again needs the link and the
// password, never the password alone (server/auth/mfa/enrolment-links.ts). Only super-admins, never on oneself,
// after a fresh factor. Refusals are audited.
import { eq } from "drizzle-orm";
import { requireFreshFactor } from "../../../auth/step-up";
import { issueEnrolmentLink } from "../../../auth/mfa/enrolment-links";
import { clearFactorLocks } from "../../../auth/mfa/factor-limiter";
import { endAllSessions } from "../../../auth/principal";
import { appendAudit, appendAuditNow } from "../../../audit/audit-log";
import { mfaFailures, mfaPasskeys, mfaRecoveryCodes, mfaTotp, users } from "../../../db/schema";
import { AppError, type ErrorMessage } from "../../../errors";
import { enqueueMail } from "../../../mail/outbox";
import { factorResetMail, mailPrefsFor } from "../../../mail/templates";
import { senderPrefs } from "./invitation";
import type { AppConfig } from "../../../config";
import type { ServiceContext, ServiceDeps } from "../../deps";

export async function resetUserFactors(
  ctx: ServiceContext<Pick<ServiceDeps, "db"> & { config: Pick<AppConfig, "appUrl" | "setPasswordLinkMs">; now?: () => Date }>,
  input: { userId: string },
): Promise<{ id: string }> {
  const { deps, principal: actor, ip } = ctx;
  const { userId } = input;
  const refuse = async (reason: string, message: ErrorMessage) => {
    await appendAuditNow(deps.db, {
      action: "user.factors_reset_refused",
      actorId: actor.userId,
      actorEmail: actor.email,
      ip,
      targetType: "user",
      targetId: userId,
      summary: { reason },
    });
    throw new AppError("forbidden", message);
  };
  if (actor.userType !== "SUPER_ADMIN") await refuse("not_super_admin", "users.superAdminResetOnly");
  if (actor.userId === userId) await refuse("self", "users.noSelfReset");
  requireFreshFactor(actor);
  const mailFallback = await senderPrefs(ctx);
  return deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw new AppError("not_found", "users.notFound");
    for (const table of [mfaTotp, mfaPasskeys, mfaRecoveryCodes, mfaFailures]) await tx.delete(table).where(eq(table.userId, userId));
    await clearFactorLocks(tx, userId);
    await endAllSessions(tx, userId, "factor_reset");
    const now = deps.now?.() ?? new Date();
    const link = await issueEnrolmentLink(
      tx,
      { userId, createdBy: actor.userId, appUrl: deps.config.appUrl, linkMs: deps.config.setPasswordLinkMs },
      now,
    );
    await enqueueMail(
      tx,
      user.email,
      factorResetMail(
        { name: user.name, resetBy: actor.name, enrolUrl: link.url, expiresAt: link.expiresAt },
        mailPrefsFor(user, mailFallback),
      ),
    );
    await appendAudit(tx, {
      action: "user.factors_reset",
      actorId: actor.userId,
      actorEmail: actor.email,
      ip,
      targetType: "user",
      targetId: userId,
      summary: { email: user.email, enrolmentLinkExpiresAt: link.expiresAt.toISOString() },
    });
    return { id: userId };
  });
}
