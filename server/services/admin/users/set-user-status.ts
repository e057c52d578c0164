// Disable or enable a dashboard user. Disabling ends every session of the user at once (the session version is
// bumped, so their next request is refused). Nobody changes their own status, and the last active super-admin
// stays. Escalation rules (grant-rules.ts): only a super-admin changes a super-admin's status, and only a
// super-admin re-enables an account holding permissions the actor does not hold.
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { UserStatusInput } from "@/lib/schemas/admin-users";
import { requireFreshFactor } from "../../../auth/step-up";
import { appendAudit } from "../../../audit/audit-log";
import type { ServiceContext, ServiceDeps } from "../../deps";
import { sessions, users } from "../../../db/schema";
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

export async function setUserStatus(ctx: ServiceContext<Pick<ServiceDeps, "db">>, input: { userId: string } & UserStatusInput) {
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
      const now = new Date();
      if (input.status === "disabled" && user.userType === "SUPER_ADMIN") {
        // Serialise concurrent disables of super-admins so that two admins cannot disable each other at once.
        await tx.execute(sql`select pg_advisory_xact_lock(727274002)`);
        const [{ n } = { n: 0 }] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(users)
          .where(and(eq(users.userType, "SUPER_ADMIN"), eq(users.status, "active"), ne(users.id, user.id)));
        if (n === 0) throw new AppError("conflict", "users.lastSuperAdmin");
      }
      const [updated] = await tx
        .update(users)
        .set(
          input.status === "disabled"
            ? { status: "disabled", sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: now }
            : { status: "active", updatedAt: now },
        )
        .where(eq(users.id, user.id))
        .returning();
      if (input.status === "disabled") {
        await tx
          .update(sessions)
          .set({ endedAt: now, endReason: "disabled" })
          .where(and(eq(sessions.userId, user.id), isNull(sessions.endedAt)));
      }
      await appendAudit(tx, {
        actorId: actor.userId,
        actorEmail: actor.email,
        ip,
        action: input.status === "disabled" ? "user.disable" : "user.enable",
        targetType: "user",
        targetId: user.id,
        summary: { email: user.email },
      });
      return updated!;
    }),
  );
}
