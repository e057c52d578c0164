// Rules guarded (real sandbox over HTTP, real database): a created or updated role is mirrored and audited in the
// same transaction; a taken name (any letter case) is a conflict on the name field and changes nothing; the
// permissions the gateway silently dropped are reported; an update changes what a holder of the role may do on
// their very next request (gain and lose an action); an unknown role is "not found"; without ROLES_MANAGE
// every operation is refused.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "../../../../sandbox/server";
import { createRoleSchema, NO_PERMISSION_MESSAGE, updateRoleSchema } from "@/lib/schemas/admin-roles";
import type { Principal } from "../../../auth/principal";
import { auditLog, roles } from "../../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../../tests/support/db.support";
import type { ServiceDeps, ServiceContext } from "../../deps";
import { startTestSandbox, testDeps, testPrincipal } from "../../../../tests/support/services.support";
import { createRole } from "./create-role";
import { ROLE_NOT_AT_GATEWAY } from "./gateway-failure";
import { getRole } from "./get-role";
import { searchRoles } from "./search-roles";
import { roleRowByName, uniqueName, userHoldingRoles } from "../../../../tests/support/roles.support";
import { updateRole } from "./update-role";

const body = (name: string, permissions: string[], description = "Made by a test") =>
  createRoleSchema.parse({ name, description, permissions });

describe.each(testDatabaseTargets())("role create / update / get ($name)", (target) => {
  let database: TestDatabase;
  let sandbox: RunningSandbox;
  let deps: ServiceDeps;
  /** The context of a service call made by `principal` with these deps. */
  const as = (principal: Principal, ip: string | null = null): ServiceContext => ({ deps, principal, ip });
  let admin: Principal;

  beforeAll(async () => {
    database = await target.open();
    sandbox = await startTestSandbox();
    deps = testDeps(database, sandbox.url);
    // A super-admin: it may grant any permission (the limits of a ROLES_MANAGE holder are in admin/escalation.test.ts).
    admin = await testPrincipal(database.db, "Admin", "all");
  });
  afterAll(async () => {
    await deps?.gateway.close();
    await sandbox?.close();
    await database?.dispose();
  });

  const auditsOf = (roleId: string) =>
    deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "role"), eq(auditLog.targetId, roleId)));

  it("create makes the role at the gateway, mirrors it (vocabulary permissions, source gateway) and audits role.create", async () => {
    const name = uniqueName("Cashiers");
    const r = await createRole(as(admin, "10.0.0.1"), body(name, ["transactions_view", "PAYMENTS_CREATE"]));
    expect(r.notAssigned).toEqual([]);
    expect(r.role).toMatchObject({ name, source: "gateway", permissions: ["TRANSACTIONS_VIEW", "PAYMENTS_CREATE"] });
    const atGateway = await deps.gateway.getRole({ roleId: r.role.gatewayRoleId! });
    expect(atGateway).toMatchObject({ kind: "success", data: { name, permissions: ["TRANSACTIONS_VIEW", "PAYMENTS_CREATE"] } });
    const row = await roleRowByName(deps.db, name);
    expect(row).toMatchObject({ id: r.role.id, gatewayRoleId: r.role.gatewayRoleId, source: "gateway", description: "Made by a test" });
    expect(row!.mirroredAt).toBeInstanceOf(Date);
    const audits = await auditsOf(r.role.id);
    expect(audits.map((a) => [a.action, a.actorId, a.ip])).toEqual([["role.create", admin.userId, "10.0.0.1"]]);
    expect(audits[0]!.summary).toMatchObject({ gatewayRoleId: r.role.gatewayRoleId, name });
  });

  it("a duplicate name, in any letter case, is a conflict on the name field; nothing is mirrored or audited", async () => {
    const name = uniqueName("Night-Shift");
    await createRole(as(admin), body(name, ["TRANSACTIONS_VIEW"]));
    const before = await deps.db.select().from(roles);
    const auditsBefore = await deps.db.select().from(auditLog);
    await expect(createRole(as(admin), body(name.toUpperCase(), ["REFUNDS_CREATE"]))).rejects.toMatchObject({
      code: "conflict",
      fields: { name: ["A role with this name already exists"] },
    });
    expect(await deps.db.select().from(roles)).toHaveLength(before.length);
    expect(await deps.db.select().from(auditLog)).toHaveLength(auditsBefore.length);
  });

  it("renaming onto another role's name is the same name-field conflict", async () => {
    const a = await createRole(as(admin), body(uniqueName("Alpha"), ["TRANSACTIONS_VIEW"]));
    const b = await createRole(as(admin), body(uniqueName("Beta"), ["TRANSACTIONS_VIEW"]));
    await expect(
      updateRole(as(admin), {
        roleId: b.role.id,
        ...updateRoleSchema.parse({ name: a.role.name.toLowerCase(), description: "", permissions: ["TRANSACTIONS_VIEW"] }),
      }),
    ).rejects.toMatchObject({
      code: "conflict",
      fields: { name: ["A role with this name already exists"] },
    });
  });

  it("permissions the gateway silently dropped are reported as not assigned, and are not in the mirror", async () => {
    const r = await createRole(as(admin), body(uniqueName("Reporting"), ["TRANSACTIONS_VIEW", "REPORTS_SCHEDULE", "refunds_teleport"]));
    expect(r.notAssigned).toEqual(["REPORTS_SCHEDULE", "REFUNDS_TELEPORT"]);
    expect(r.role.permissions).toEqual(["TRANSACTIONS_VIEW"]);
    const u = await updateRole(as(admin), {
      roleId: r.role.id,
      ...updateRoleSchema.parse({ name: r.role.name, description: "", permissions: ["AUDIT_VIEW", "AUDIT_DELETE"] }),
    });
    expect(u.notAssigned).toEqual(["AUDIT_DELETE"]);
    expect(u.role.permissions).toEqual(["AUDIT_VIEW"]);
  });

  it("an update changes the mirror, so a holder of the role gains and loses actions on their next request", async () => {
    const r = await createRole(as(admin), body(uniqueName("Clerks"), ["TRANSACTIONS_VIEW"]));
    const holder = await userHoldingRoles(deps.db, [r.role.id]);
    let p = await holder.next();
    expect([p.permissions.has("TRANSACTIONS_VIEW"), p.permissions.has("REFUNDS_CREATE")]).toEqual([true, false]);

    const u = await updateRole(as(admin, "10.0.0.2"), {
      roleId: r.role.id,
      ...updateRoleSchema.parse({ name: r.role.name, description: "Refunds only", permissions: ["REFUNDS_CREATE"] }),
    });
    expect(u.role).toMatchObject({
      id: r.role.id,
      gatewayRoleId: r.role.gatewayRoleId,
      permissions: ["REFUNDS_CREATE"],
      description: "Refunds only",
    });
    p = await holder.next();
    expect([p.permissions.has("TRANSACTIONS_VIEW"), p.permissions.has("REFUNDS_CREATE")]).toEqual([false, true]);

    const audits = await auditsOf(r.role.id);
    expect(audits.map((a) => a.action)).toEqual(["role.create", "role.update"]);
    expect(audits[1]!.summary).toMatchObject({ before: { permissions: ["TRANSACTIONS_VIEW"] }, permissions: ["REFUNDS_CREATE"] });
  });

  it("get reads the role from the gateway and mirrors a change made there", async () => {
    const r = await createRole(as(admin), body(uniqueName("Auditors"), ["AUDIT_VIEW"]));
    await deps.gateway.updateRole({
      roleId: r.role.gatewayRoleId!,
      roleName: r.role.name,
      description: "Changed elsewhere",
      permissions: ["AUDIT_VIEW", "BRANCHES_VIEW"],
    });
    const got = await getRole(as(admin), { roleId: r.role.id });
    expect(got).toMatchObject({
      id: r.role.id,
      description: "Changed elsewhere",
      permissions: ["AUDIT_VIEW", "BRANCHES_VIEW"],
      otherPermissions: [],
    });
    expect((await roleRowByName(deps.db, r.role.name))!.permissions).toEqual(["AUDIT_VIEW", "BRANCHES_VIEW"]);
  });

  it("get or update of an unknown role is not_found: unknown to us, or unknown to the gateway", async () => {
    await expect(getRole(as(admin), { roleId: randomUUID() })).rejects.toMatchObject({ code: "not_found" });
    const [ghost] = await deps.db
      .insert(roles)
      .values({ name: uniqueName("ghost"), gatewayRoleId: randomUUID(), source: "gateway", permissions: ["TRANSACTIONS_VIEW"] })
      .returning();
    await expect(getRole(as(admin), { roleId: ghost!.id })).rejects.toMatchObject({
      code: "not_found",
      messageKey: ROLE_NOT_AT_GATEWAY,
      userMessage: "No such role at the gateway.",
    });
    await expect(
      updateRole(as(admin), {
        roleId: ghost!.id,
        ...updateRoleSchema.parse({ name: ghost!.name, description: "", permissions: ["TRANSACTIONS_VIEW"] }),
      }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
    // A role the gateway does not know is not deleted: its users keep what it granted until someone decides.
    expect(await roleRowByName(deps.db, ghost!.name)).toMatchObject({ id: ghost!.id, permissions: ["TRANSACTIONS_VIEW"] });
  });

  it("a user without ROLES_MANAGE is refused by every operation", async () => {
    const reader = await testPrincipal(deps.db, "Reader", ["TRANSACTIONS_VIEW"]);
    const any = body(uniqueName("nope"), ["TRANSACTIONS_VIEW"]);
    await expect(createRole(as(reader), any)).rejects.toMatchObject({ code: "forbidden" });
    await expect(updateRole(as(reader), { roleId: randomUUID(), ...any })).rejects.toMatchObject({ code: "forbidden" });
    await expect(getRole(as(reader), { roleId: randomUUID() })).rejects.toMatchObject({ code: "forbidden" });
    await expect(searchRoles(as(reader), { text: "", page: 0, size: 10 })).rejects.toMatchObject({ code: "forbidden" });
    expect(await roleRowByName(deps.db, any.name)).toBeNull();
  });
});

describe("role schemas", () => {
  it("upper-case permission names and refuse one named twice", () => {
    expect(createRoleSchema.parse({ name: " Ops ", description: "", permissions: ["refunds_create"] })).toEqual({
      name: "Ops",
      description: "",
      permissions: ["REFUNDS_CREATE"],
    });
    expect(createRoleSchema.safeParse({ name: "Ops", description: "", permissions: ["REFUNDS_CREATE", "refunds_create"] }).success).toBe(
      false,
    );
    expect(createRoleSchema.safeParse({ name: "Ops", description: "", permissions: ["not a permission"] }).success).toBe(false);
    expect(createRoleSchema.safeParse({ name: "  ", description: "", permissions: ["REFUNDS_CREATE"] }).success).toBe(false);
  });

  it("#13: a role must grant at least one permission, on create and on update, with the same message for form and API", () => {
    for (const schema of [createRoleSchema, updateRoleSchema]) {
      const r = schema.safeParse({ name: "Ops", description: "", permissions: [] });
      expect(r.success).toBe(false);
      expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["permissions", NO_PERMISSION_MESSAGE]]);
    }
  });
});
