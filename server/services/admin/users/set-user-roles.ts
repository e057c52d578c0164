// Change a user's roles. Permissions are read from the roles on every request, so the change applies to the
// user's next request. Escalation rules (grant-rules.ts): nobody changes their own roles; only a super-admin
// changes a super-admin's; the user's resulting permissions (roles + extra) must all be held by the actor.
import { eq, inArray } from "drizzle-orm";
import type { UserRolesInput } from "@/lib/schemas/admin-users";
import { requireFreshFactor } from "../../../auth/step-up";
import { appendAudit } from "../../../audit/audit-log";
import type { ServiceContext, ServiceDeps } from "../../deps";
import { roles, userRoles, users } from "../../../db/schema";
import { AppError } from "../../../errors";
import { requirePermission } from "../../require-permission";
import { auditingRefusals, MESSAGES, requireHeld, requireNotSelf, requireSuperAdminTo } from "../grant-rules";
import { vmsg } from "@/lib/schemas/messages";

export async function setUserRoles(ctx: ServiceContext<Pick<ServiceDeps, "db">>, input: { userId: string } & UserRolesInput) {
  const {
    deps: { db },
    principal: actor,
    ip,
  } = ctx;
  const { userId } = input;
  requirePermission(actor, "USERS_MANAGE");
  requireFreshFactor(actor);
  const attempt = { action: "user.roles_change", targetType: "user" as const, targetId: userId, detail: { roleIds: input.roleIds } };
  return auditingRefusals(db, actor, ip, () =>
    db.transaction(async (tx) => {
      requireNotSelf(actor, userId, MESSAGES.ownRoles, attempt);
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update").limit(1);
      if (!user) throw new AppError("not_found", "users.notFound");
      if (user.userType === "SUPER_ADMIN") requireSuperAdminTo(actor, MESSAGES.changeSuperAdmin, attempt);
      const found = input.roleIds.length ? await tx.select().from(roles).where(inArray(roles.id, input.roleIds)) : [];
      if (found.length !== input.roleIds.length)
        throw new AppError("invalid_request", "users.roleGone", { roleIds: [vmsg("users.unknownRole")] });
      requireHeld(actor, [...found.flatMap((r) => r.permissions), ...user.extraPermissions], attempt);
      const before = await tx
        .select({ name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(userRoles.userId, userId));
      await tx.delete(userRoles).where(eq(userRoles.userId, userId));
      if (found.length) await tx.insert(userRoles).values(found.map((r) => ({ userId, roleId: r.id })));
      await tx.update(users).set({ updatedAt: new Date() }).where(eq(users.id, userId));
      await appendAudit(tx, {
        actorId: actor.userId,
        actorEmail: actor.email,
        ip,
        action: "user.roles_change",
        targetType: "user",
        targetId: userId,
        summary: { email: user.email, before: before.map((r) => r.name).sort(), after: found.map((r) => r.name).sort() },
      });
      return found.map((r) => ({ id: r.id, name: r.name }));
    }),
  );
}
