// Create a user: first at the gateway (contract 4.14, in the merchant's business unit), then the dashboard login
// for the same e-mail, whose one-time set-password link is mailed to the new user (never shown to the creator).
// If the gateway already has the user (an earlier attempt created it there but not here), the login is linked.
// Escalation rules (grant-rules.ts), checked before the gateway is called: only a super-admin creates a
// super-admin or grants extra permissions; the roles given grant only permissions the creator holds.
import { eq, inArray } from "drizzle-orm";
import type { CreateUserInput } from "@/lib/schemas/admin-users";
import { createUserSchema } from "@/lib/schemas/admin-users";
import type { Principal } from "../../../auth/principal";
import { requireFreshFactor } from "../../../auth/step-up";
import { appendAudit } from "../../../audit/audit-log";
import { roles, userRoles, users } from "../../../db/schema";
import { describeResult } from "../../../gateway/client";
import { isUniqueViolation } from "../../../db/errors";
import { AppError } from "../../../errors";
import type { ServiceContext, ServiceDeps } from "../../deps";
import { requirePermission } from "../../require-permission";
import { auditingRefusals, MESSAGES, requireHeld, requireSuperAdminTo } from "../grant-rules";
import type { MailPrefs } from "../../../mail/templates";
import { sendInvitation, senderPrefs } from "./invitation";
import { wakeMailWorker } from "../../../mail/worker";
import { vmsg } from "@/lib/schemas/messages";

export { hashToken, issuePasswordLink } from "./invitation";

export interface CreatedUser {
  id: string;
  email: string;
  /** The invitation (with the one-time link) was queued to this address; the link itself is never returned. */
  invitationSentTo: string;
  /** Until when the mailed link works. */
  expiresAt: Date;
  linkedExistingGatewayUser: boolean;
}

export async function createDashboardUser(ctx: ServiceContext, raw: CreateUserInput): Promise<CreatedUser> {
  const { deps, principal: actor, ip } = ctx;
  requirePermission(actor, "USERS_MANAGE");
  requireFreshFactor(actor);
  const mailFallback = await senderPrefs(ctx);
  return auditingRefusals(deps.db, actor, ip, () => create(deps, actor, createUserSchema.parse(raw), ip, mailFallback));
}

async function create(
  deps: ServiceDeps,
  actor: Principal,
  input: ReturnType<typeof createUserSchema.parse>,
  ip: string | null,
  mailFallback: MailPrefs | null,
): Promise<CreatedUser> {
  const attempt = {
    action: "user.create",
    targetType: "user" as const,
    detail: { email: input.email, userType: input.userType, roles: input.roleNames, extraPermissions: input.extraPermissions },
  };
  if (input.userType === "SUPER_ADMIN") requireSuperAdminTo(actor, MESSAGES.grantSuperAdmin, attempt);
  if (input.extraPermissions.length) requireSuperAdminTo(actor, MESSAGES.grantExtra, attempt);
  const [existing] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (existing) throw new AppError("conflict", "users.emailTaken", { email: [vmsg("users.alreadyUser")] });
  const known = input.roleNames.length ? await deps.db.select().from(roles).where(inArray(roles.name, input.roleNames)) : [];
  const missing = input.roleNames.filter((n) => !known.some((r) => r.name === n));
  if (missing.length)
    throw new AppError("invalid_request", ["users.unknownRoles", { names: missing.join(", ") }], {
      roleNames: [vmsg("users.chooseListedRoles")],
    });
  requireHeld(actor, [...new Set(known.flatMap((r) => r.permissions))], attempt);

  const result = await deps.gateway.createUser({
    email: input.email,
    businessUnitId: deps.config.businessUnitId,
    roles: input.roleNames,
    permissions: input.extraPermissions.length ? input.extraPermissions : undefined,
    userType: input.userType,
    phoneNumber: input.phoneNumber,
  });
  let linked = false;
  let gatewayUserId: string | null = null;
  if (result.kind === "success") gatewayUserId = result.data.id;
  else if (result.kind === "gateway_error" && result.httpStatus === 409) linked = true;
  else if (result.kind === "gateway_error" && (result.httpStatus === 401 || result.httpStatus === 403)) {
    throw new AppError("gateway_error", ["users.gatewayKeyRefused", { reason: result.message }]);
  } else if (result.kind === "gateway_error") {
    throw new AppError(
      "gateway_error",
      ["users.gatewayRefusedUser", { reason: result.message }],
      result.httpStatus === 400 ? { email: [result.message] } : undefined,
    );
  } else {
    throw new AppError("gateway_unavailable", ["users.gatewayNoAnswer", { detail: describeResult(result) }]);
  }

  return deps.db
    .transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          name: input.name,
          userType: input.userType,
          phoneNumber: input.phoneNumber,
          extraPermissions: input.extraPermissions,
          gatewayUserId,
          createdBy: actor.userId,
        })
        .returning();
      if (known.length) await tx.insert(userRoles).values(known.map((r) => ({ userId: user!.id, roleId: r.id })));
      const invitation = await sendInvitation(deps, tx, user!, actor, mailFallback);
      await appendAudit(tx, {
        actorId: actor.userId,
        actorEmail: actor.email,
        ip,
        action: "user.create",
        targetType: "user",
        targetId: user!.id,
        summary: {
          email: input.email,
          userType: input.userType,
          roles: input.roleNames,
          extraPermissions: input.extraPermissions,
          gatewayUserId,
          linkedExistingGatewayUser: linked,
          invitationMailed: true,
        },
      });
      return {
        id: user!.id,
        email: user!.email,
        invitationSentTo: user!.email,
        expiresAt: invitation.expiresAt,
        linkedExistingGatewayUser: linked,
      };
    })
    .then((created) => {
      wakeMailWorker(); // committed: the invitation goes out now, not at the worker's next tick
      return created;
    })
    .catch((e: unknown) => {
      // Two admins creating the same e-mail at once: the second is told plainly, as the check above would.
      if (isUniqueViolation(e)) throw new AppError("conflict", "users.emailTaken", { email: [vmsg("users.alreadyUser")] });
      throw e;
    });
}
