// Disable or enable a dashboard user. Disabling ends every session of the user at once (the session version is
// bumped, so their next request is refused; disable-account.ts, shared with the inactivity pass). Enabling an
// account the inactivity pass disabled works the same way, and restarts its inactivity count. Nobody changes their
// own status, and the last active super-admin stays. Escalation rules (grant-rules.ts): only a super-admin changes
// a super-admin's status, and only a super-admin re-enables an account holding permissions the actor does not hold.
import { eq } from "drizzle-orm";
import type { UserStatusInput } from "@/lib/schemas/admin-users";
import { requireFreshFactor } from "../../../auth/step-up";
import { appendAudit } from "../../../audit/audit-log";
import type { ServiceContext, ServiceDeps } from "../../deps";
import { users } from "../../../db/schema";
import { AppError } from "../../../errors";
import { requirePermission } from "../../require-permission";
import {
  auditingRefusals,
  MESSAGES,
  notHeldBy,
  permissionsOfUser,
  requireNotSelf,
  requireSuperAdminTo,
  GrantRefused,
} from "../grant-rules";
import { anotherActiveSuperAdmin, disableAccount, enableAccount } from "./disable-account";

export async function setUserStatus(
  ctx: ServiceContext<Pick<ServiceDeps, "db"> & Partial<Pick<ServiceDeps, "now">>>,
  input: { userId: string } & UserStatusInput,
) {
  const {
    deps: { db },
    principal: actor,
    ip,
  } = ctx;
  const { userId } = input;
  requirePermission(actor, "USERS_MANAGE");
  requireFreshFactor(actor);
  const attempt = { action: input.status === "disabled" ? "user.disable" : "user.enable", targetType: "user" as const, targetId: userId };
  return auditingRefusals(db, actor, ip, () =>
    db.transaction(async (tx) => {
      requireNotSelf(actor, userId, input.status === "disabled" ? "users.noSelfDisable" : MESSAGES.ownStatus, attempt);
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update").limit(1);
      if (!user) throw new AppError("not_found", "users.notFound");
      if (user.userType === "SUPER_ADMIN") requireSuperAdminTo(actor, MESSAGES.changeSuperAdmin, attempt);
      if (user.status === input.status) return user;
      if (input.status === "active") {
        const beyond = notHeldBy(actor, await permissionsOfUser(tx, user.id, user.extraPermissions));
        if (beyond.length) throw new GrantRefused(MESSAGES.reEnable(beyond), { ...attempt, detail: { notHeld: beyond } });
      }
      const now = ctx.deps.now?.() ?? new Date();
      // Serialised with every other disable of a super-admin, so that two admins cannot disable each other at once.
      if (input.status === "disabled" && user.userType === "SUPER_ADMIN" && !(await anotherActiveSuperAdmin(tx, user.id)))
        throw new AppError("conflict", "users.lastSuperAdmin");
      const updated = input.status === "disabled" ? await disableAccount(tx, user.id, "admin", now) : await enableAccount(tx, user.id, now);
      await appendAudit(tx, {
        actorId: actor.userId,
        actorEmail: actor.email,
        ip,
        action: input.status === "disabled" ? "user.disable" : "user.enable",
        targetType: "user",
        targetId: user.id,
        summary: {
          email: user.email,
          // Re-enabling an account the inactivity pass disabled: the row says so (PCI DSS 8.2.6 evidence).
          ...(input.status === "active" && user.disabledReason === "inactive" ? { wasInactive: true } : {}),
        },
      });
      return updated;
    }),
  );
}
