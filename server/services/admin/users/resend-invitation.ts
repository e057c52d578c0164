// Re-send a user's invitation: a new one-time set-password link mailed to the user (never shown to the admin),
// every earlier unused link of the user voided, audited. Only for a user who has not chosen a password yet.
import { eq } from "drizzle-orm";
import { requireFreshFactor } from "../../../auth/step-up";
import { appendAudit } from "../../../audit/audit-log";
import { users } from "../../../db/schema";
import { AppError } from "../../../errors";
import type { ServiceContext } from "../../deps";
import { requirePermission } from "../../require-permission";
import { wakeMailWorker } from "../../../mail/worker";
import { sendInvitation, senderPrefs } from "./invitation";

export interface ResentInvitation {
  invitationSentTo: string;
  expiresAt: Date;
}

export async function resendInvitation(ctx: ServiceContext, input: { userId: string }): Promise<ResentInvitation> {
  const { deps, principal: actor, ip } = ctx;
  const { userId } = input;
  requirePermission(actor, "USERS_MANAGE");
  requireFreshFactor(actor);
  const mailFallback = await senderPrefs(ctx);
  const resent = await deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update").limit(1);
    if (!user) throw new AppError("not_found", "users.notFound");
    if (user.passwordHash) throw new AppError("conflict", "users.alreadyHasPassword");
    if (user.status !== "active") throw new AppError("conflict", "users.disabledNoInvitation");
    const { expiresAt } = await sendInvitation(deps, tx, user, actor, mailFallback);
    await appendAudit(tx, {
      actorId: actor.userId,
      actorEmail: actor.email,
      ip,
      action: "user.invitation_resend",
      targetType: "user",
      targetId: user.id,
      summary: { email: user.email, expiresAt: expiresAt.toISOString() },
    });
    return { invitationSentTo: user.email, expiresAt };
  });
  wakeMailWorker(); // committed: the new link goes out now
  return resent;
}
