// Create a user: first at the gateway (contract 4.14, in the merchant's business unit), then the dashboard login
// for the same e-mail with a one-time set-password link (shown once to the admin; no e-mail server is assumed).
// If the gateway already has the user (an earlier attempt created it there but not here), the login is linked.
import { createHash, randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { CreateUserInput } from "@/lib/schemas/admin-users";
import { createUserSchema } from "@/lib/schemas/admin-users";
import type { Principal } from "../../../auth/principal";
import { requireFreshFactor } from "../../../auth/step-up";
import { appendAudit } from "../../../audit/audit-log";
import { passwordTokens, roles, userRoles, users } from "../../../db/schema";
import { describeResult } from "../../../gateway/client";
import type { Tx } from "../../../db/client";
import { isUniqueViolation } from "../../../db/errors";
import { AppError } from "../../../http/errors";
import type { ServiceDeps } from "../../deps";
import { requirePermission } from "../../require-permission";

export interface CreatedUser {
  id: string;
  email: string;
  /** The one-time link; not stored anywhere (only its hash is). */
  setPasswordUrl: string;
  expiresAt: Date;
  linkedExistingGatewayUser: boolean;
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function issuePasswordLink(deps: ServiceDeps, tx: Tx, userId: string, createdBy: string | null) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(deps.now().getTime() + deps.config.setPasswordLinkMs);
  await tx.insert(passwordTokens).values({ userId, tokenHash: hashToken(token), createdBy, expiresAt });
  return { url: `${deps.config.appUrl}/set-password?token=${token}`, expiresAt };
}

export async function createDashboardUser(deps: ServiceDeps, actor: Principal, raw: CreateUserInput, ip: string | null): Promise<CreatedUser> {
  requirePermission(actor, "USERS_MANAGE");
  requireFreshFactor(actor);
  const input = createUserSchema.parse(raw);
  const [existing] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (existing) throw new AppError("conflict", "A dashboard user with this e-mail already exists.", { email: ["Already a dashboard user."] });
  const known = input.roleNames.length ? await deps.db.select().from(roles).where(inArray(roles.name, input.roleNames)) : [];
  const missing = input.roleNames.filter((n) => !known.some((r) => r.name === n));
  if (missing.length) throw new AppError("invalid_request", `Unknown roles: ${missing.join(", ")}.`, { roleNames: ["Choose roles from the list."] });

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
    throw new AppError("gateway_error", `The gateway refused to create users with this API key: ${result.message}`);
  } else if (result.kind === "gateway_error") {
    throw new AppError("gateway_error", `The gateway refused the user: ${result.message}`, result.httpStatus === 400 ? { email: [result.message] } : undefined);
  } else {
    throw new AppError("gateway_unavailable", `The gateway did not answer (${describeResult(result)}). Nothing was created here; try again.`);
  }

  return deps.db
    .transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: input.email, name: input.name, userType: input.userType, phoneNumber: input.phoneNumber, extraPermissions: input.extraPermissions, gatewayUserId })
        .returning();
      if (known.length) await tx.insert(userRoles).values(known.map((r) => ({ userId: user!.id, roleId: r.id })));
      const link = await issuePasswordLink(deps, tx, user!.id, actor.userId);
      await appendAudit(tx, {
        actorId: actor.userId,
        actorEmail: actor.email,
        ip,
        action: "user.create",
        targetType: "user",
        targetId: user!.id,
        summary: { email: input.email, userType: input.userType, roles: input.roleNames, extraPermissions: input.extraPermissions, gatewayUserId, linkedExistingGatewayUser: linked },
      });
      return { id: user!.id, email: user!.email, setPasswordUrl: link.url, expiresAt: link.expiresAt, linkedExistingGatewayUser: linked };
    })
    .catch((e: unknown) => {
      // Two admins creating the same e-mail at once: the second is told plainly, as the check above would.
      if (isUniqueViolation(e)) throw new AppError("conflict", "A dashboard user with this e-mail already exists.", { email: ["Already a dashboard user."] });
      throw e;
    });
}
