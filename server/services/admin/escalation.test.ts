// Threats guarded (issue #11 "nobody can raise their own power"; real sandbox over HTTP, real databases): a user
// holding USERS_MANAGE, ROLES_MANAGE or both raising their own power or anyone's beyond their own: creating a
// super-admin, granting extra permissions, handing out roles or permissions they do not hold, changing their own
// roles or status, changing a super-admin, re-enabling a more powerful account, editing a role they hold (or
// creating one and then taking it), and reading a new account's set-password link. Each attempt is refused 403
// with its reason, leaves an `authz.denied` audit row, and leaves users, roles, user_roles and the ledger as they were.
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "../../../sandbox/server";
import { updateRoleSchema, createRoleSchema } from "@/lib/schemas/admin-roles";
import { verifyAuditChain } from "../../audit/audit-log";
import type { Principal } from "../../auth/principal";
import { auditLog, paymentActions, payments, roles, userRoles, users } from "../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { AppError, type ErrorMessage } from "../../errors";
import { ERROR_STATUS } from "../../http/errors";
import type { ServiceDeps, ServiceContext } from "../deps";
import { paymentOnSandbox } from "../../../tests/support/ledger.support";
import { requestRefund } from "../refunds/request-refund";
import { startTestSandbox, testDeps, testPrincipal } from "../../../tests/support/services.support";
import { MESSAGES } from "./grant-rules";
import { createRole } from "./roles/create-role";
import { uniqueName, userHoldingRoles } from "../../../tests/support/roles.support";
import { updateRole } from "./roles/update-role";
import { createDashboardUser } from "./users/create-user";
import { setUserRoles } from "./users/set-user-roles";
import { setUserStatus } from "./users/set-user-status";

const newUser = (
  roleNames: string[],
  extra: Partial<{ userType: "USER" | "SUPER_ADMIN"; extraPermissions: Array<"REFUNDS_APPROVE"> }> = {},
) => ({
  email: `${uniqueName("person")}@example.com`,
  name: "New Person",
  phoneNumber: "+966501234567",
  userType: "USER" as const,
  roleNames,
  extraPermissions: [],
  ...extra,
});
const roleBody = (name: string, permissions: string[]) => createRoleSchema.parse({ name, description: "escalation test", permissions });

describe.each(testDatabaseTargets())("escalation attempts by low-privilege admins on $name", (target) => {
  let database: TestDatabase;
  let sandbox: RunningSandbox;
  let deps: ServiceDeps;
  /** The context of a service call made by `principal` with these deps. */
  const as = (principal: Principal, ip: string | null = null): ServiceContext => ({ deps, principal, ip });
  let superAdmin: Principal;
  const role = { usersAdmins: "", rolesAdmins: "", bothAdmins: "", approvers: "", usersAdminsName: "", approversName: "" };
  let usersOnly: Principal;
  let rolesOnly: Principal;
  let both: Principal;
  let victim: string;
  let disabledApprover: string;

  const snapshot = async () => ({
    users: await deps.db.select().from(users).orderBy(asc(users.id)),
    roles: await deps.db.select().from(roles).orderBy(asc(roles.id)),
    userRoles: await deps.db.select().from(userRoles).orderBy(asc(userRoles.userId), asc(userRoles.roleId)),
    payments: await deps.db.select().from(payments).orderBy(asc(payments.id)),
    paymentActions: await deps.db.select().from(paymentActions).orderBy(asc(paymentActions.id)),
  });
  const denials = (actor: Principal) =>
    deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "authz.denied"), eq(auditLog.actorId, actor.userId)))
      .orderBy(asc(auditLog.id));

  /** The attempt is refused 403 with the message, audited once as `authz.denied`, and changes nothing. */
  async function expectRefused(actor: Principal, attempt: () => Promise<unknown>, message: ErrorMessage | RegExp, attempted: string) {
    const before = await snapshot();
    const deniedBefore = (await denials(actor)).length;
    const error = await attempt().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "forbidden" });
    expect(ERROR_STATUS.forbidden).toBe(403);
    if (message instanceof RegExp) expect((error as AppError).userMessage).toMatch(message);
    else expect((error as AppError).messageKey).toEqual(message);
    expect(await snapshot()).toEqual(before);
    const denied = await denials(actor);
    expect(denied).toHaveLength(deniedBefore + 1);
    expect(denied.at(-1)!.summary).toMatchObject({ attempted, reason: (error as AppError).userMessage });
  }

  beforeAll(async () => {
    database = await target.open();
    sandbox = await startTestSandbox();
    deps = testDeps(database, sandbox.url);
    superAdmin = await testPrincipal(deps.db, "Root", "all");
    const make = async (name: string, permissions: string[]) =>
      (await createRole(as(superAdmin), roleBody(uniqueName(name), permissions))).role;
    const usersAdmins = await make("users-admins", ["USERS_MANAGE"]);
    const approvers = await make("approvers", ["REFUNDS_APPROVE", "TRANSACTIONS_VIEW"]);
    Object.assign(role, {
      usersAdmins: usersAdmins.id,
      usersAdminsName: usersAdmins.name,
      rolesAdmins: (await make("roles-admins", ["ROLES_MANAGE"])).id,
      bothAdmins: (await make("both-admins", ["USERS_MANAGE", "ROLES_MANAGE"])).id,
      approvers: approvers.id,
      approversName: approvers.name,
    });
    usersOnly = await (await userHoldingRoles(deps.db, [role.usersAdmins])).next();
    rolesOnly = await (await userHoldingRoles(deps.db, [role.rolesAdmins])).next();
    both = await (await userHoldingRoles(deps.db, [role.bothAdmins])).next();
    victim = (await userHoldingRoles(deps.db, [])).userId;
    disabledApprover = (await userHoldingRoles(deps.db, [role.approvers])).userId;
    await deps.db.update(users).set({ status: "disabled" }).where(eq(users.id, disabledApprover));
    // The ledger the refusals must leave alone: a payment with a refund held for approval.
    const p = await paymentOnSandbox(deps.db, deps.gateway, { minor: 500_000, auth: false });
    await requestRefund(as(superAdmin), {
      paymentId: p.id,
      amount: "2000.00",
      reasonCode: "customer_request",
      note: "",
      idempotencyKey: uniqueName("k"),
    });
  }, 60_000);
  afterAll(async () => {
    await deps?.gateway.close();
    await sandbox?.close();
    await database?.dispose();
  });

  it("USERS_MANAGE only: cannot create a super-admin, grant extra permissions, or hand out a role beyond their own", async () => {
    await expectRefused(
      usersOnly,
      () => createDashboardUser(as(usersOnly), newUser([], { userType: "SUPER_ADMIN" })),
      MESSAGES.grantSuperAdmin,
      "user.create",
    );
    await expectRefused(
      usersOnly,
      () => createDashboardUser(as(usersOnly), newUser([role.usersAdminsName], { extraPermissions: ["REFUNDS_APPROVE"] })),
      MESSAGES.grantExtra,
      "user.create",
    );
    await expectRefused(
      usersOnly,
      () => createDashboardUser(as(usersOnly), newUser([role.approversName])),
      /hold yourself: REFUNDS_APPROVE, TRANSACTIONS_VIEW\./,
      "user.create",
    );
  });

  it("USERS_MANAGE only: cannot change their own roles or status, nor anyone's roles beyond their own", async () => {
    await expectRefused(
      usersOnly,
      () => setUserRoles(as(usersOnly), { userId: usersOnly.userId, roleIds: [role.usersAdmins, role.approvers] }),
      MESSAGES.ownRoles,
      "user.roles_change",
    );
    await expectRefused(
      usersOnly,
      () => setUserStatus(as(usersOnly), { userId: usersOnly.userId, status: "disabled" }),
      /your own account/,
      "user.disable",
    );
    await expectRefused(
      usersOnly,
      () => setUserRoles(as(usersOnly), { userId: victim, roleIds: [role.approvers] }),
      /hold yourself: REFUNDS_APPROVE/,
      "user.roles_change",
    );
  });

  it("USERS_MANAGE only: cannot touch a super-admin, nor re-enable an account more powerful than themselves", async () => {
    await expectRefused(
      usersOnly,
      () => setUserStatus(as(usersOnly), { userId: superAdmin.userId, status: "disabled" }),
      MESSAGES.changeSuperAdmin,
      "user.disable",
    );
    await expectRefused(
      usersOnly,
      () => setUserRoles(as(usersOnly), { userId: superAdmin.userId, roleIds: [] }),
      MESSAGES.changeSuperAdmin,
      "user.roles_change",
    );
    await expectRefused(
      usersOnly,
      () => setUserStatus(as(usersOnly), { userId: disabledApprover, status: "active" }),
      /re-enable .*REFUNDS_APPROVE/,
      "user.enable",
    );
  });

  it("USERS_MANAGE only: a user they create gets the set-password link by mail only; the answer holds no link", async () => {
    const created = await createDashboardUser(as(usersOnly), newUser([role.usersAdminsName]));
    expect(Object.keys(created).sort()).toEqual(["email", "expiresAt", "id", "invitationSentTo", "linkedExistingGatewayUser"]);
    expect(JSON.stringify(created)).not.toMatch(/token|set-password/);
  });

  it("ROLES_MANAGE only: cannot create a role, or add to another role, a permission they do not hold; cannot edit a role they hold", async () => {
    await expectRefused(
      rolesOnly,
      () => createRole(as(rolesOnly), roleBody(uniqueName("mine"), ["ROLES_MANAGE", "REFUNDS_APPROVE"])),
      MESSAGES.notHeld(["REFUNDS_APPROVE"]),
      "role.create",
    );
    const mine = updateRoleSchema.parse({
      name: uniqueName("roles-admins"),
      description: "",
      permissions: ["ROLES_MANAGE", "USERS_MANAGE"],
    });
    await expectRefused(rolesOnly, () => updateRole(as(rolesOnly), { roleId: role.rolesAdmins, ...mine }), MESSAGES.ownRole, "role.update");
    const widened = updateRoleSchema.parse({ name: role.usersAdminsName, description: "", permissions: ["USERS_MANAGE", "AUDIT_VIEW"] });
    await expectRefused(
      rolesOnly,
      () => updateRole(as(rolesOnly), { roleId: role.usersAdmins, ...widened }),
      MESSAGES.notHeld(["AUDIT_VIEW"]),
      "role.update",
    );
    const gatewayOnly = updateRoleSchema.parse({
      name: role.usersAdminsName,
      description: "",
      permissions: ["USERS_MANAGE", "REFUNDS_TELEPORT"],
    });
    await expectRefused(
      rolesOnly,
      () => updateRole(as(rolesOnly), { roleId: role.usersAdmins, ...gatewayOnly }),
      MESSAGES.notHeld(["REFUNDS_TELEPORT"]),
      "role.update",
    );
  });

  it("both: a role they create with what they hold cannot be taken by themselves; nothing beyond their own can be granted", async () => {
    const made = await createRole(as(both), roleBody(uniqueName("made"), ["USERS_MANAGE"]));
    await expectRefused(
      both,
      () => setUserRoles(as(both), { userId: both.userId, roleIds: [role.bothAdmins, made.role.id] }),
      MESSAGES.ownRoles,
      "user.roles_change",
    );
    await expectRefused(
      both,
      () =>
        updateRole(as(both), {
          roleId: role.bothAdmins,
          ...updateRoleSchema.parse({ name: uniqueName("x"), description: "", permissions: ["USERS_MANAGE"] }),
        }),
      MESSAGES.ownRole,
      "role.update",
    );
    await expectRefused(
      both,
      () =>
        updateRole(as(both), {
          roleId: made.role.id,
          ...updateRoleSchema.parse({ name: made.role.name, description: "", permissions: ["USERS_MANAGE", "REFUNDS_APPROVE"] }),
        }),
      MESSAGES.notHeld(["REFUNDS_APPROVE"]),
      "role.update",
    );
    await expectRefused(
      both,
      () => setUserRoles(as(both), { userId: victim, roleIds: [role.approvers] }),
      /hold yourself/,
      "user.roles_change",
    );
    await expectRefused(
      both,
      () => createDashboardUser(as(both), newUser([], { userType: "SUPER_ADMIN" })),
      MESSAGES.grantSuperAdmin,
      "user.create",
    );
    await expectRefused(both, () => setUserStatus(as(both), { userId: disabledApprover, status: "active" }), /re-enable/, "user.enable");
  });

  it("within their own power the same admins still work, and a super-admin may do what they may not; the audit chain holds", async () => {
    await setUserRoles(as(both), { userId: victim, roleIds: [role.usersAdmins] });
    await updateRole(as(rolesOnly), {
      roleId: role.usersAdmins,
      ...updateRoleSchema.parse({ name: role.usersAdminsName, description: "", permissions: ["USERS_MANAGE", "ROLES_MANAGE"] }),
    });
    await setUserStatus(as(superAdmin), { userId: disabledApprover, status: "active" });
    await setUserRoles(as(superAdmin), { userId: victim, roleIds: [role.approvers] });
    expect((await verifyAuditChain(deps.db)).ok).toBe(true);
  });
});
