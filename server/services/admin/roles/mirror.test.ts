// Rules guarded (real sandbox over HTTP, real database): a search mirrors every role of its page and adopts the
// seeded local roles by name (same id, so user_roles stay linked, and the gateway's permissions take effect);
// a search never deletes a role; renames within a page (even a swap) mirror cleanly; a gateway that does not
// answer changes nothing and says the last known permissions stay in force; "refresh" (super-admins only) walks
// every page; the mirror keeps only the dashboard's vocabulary, upper-cased, each once.
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEEDED_ROLE_IDS } from "../../../../sandbox/seed";
import type { RunningSandbox } from "../../../../sandbox/server";
import { createRoleSchema, searchRolesSchema, updateRoleSchema } from "@/lib/schemas/admin-roles";
import type { Principal } from "../../../auth/principal";
import { seedLocalRoles } from "../../../auth/users";
import { auditLog, roles } from "../../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../../tests/support/db.support";
import type { ServiceDeps } from "../../deps";
import { startTestSandbox, testDeps, testPrincipal } from "../../../../tests/support/services.support";
import { createRole } from "./create-role";
import { ROLES_GATEWAY_UNAVAILABLE } from "./gateway-failure";
import { getRole } from "./get-role";
import { mirrorPermissions } from "./mirror";
import { refreshRoleMirror } from "./refresh-mirror";
import { mirroredRoles, searchRoles } from "./search-roles";
import { roleRowByName, uniqueName, userHoldingRoles } from "../../../../tests/support/roles.support";
import { updateRole } from "./update-role";

const query = (q: Record<string, string> = {}) => searchRolesSchema.parse(q);

describe.each(testDatabaseTargets())("roles mirror ($name)", (target) => {
  let database: TestDatabase;
  let sandbox: RunningSandbox;
  let deps: ServiceDeps;
  let dead: ServiceDeps;
  let superAdmin: Principal;

  beforeAll(async () => {
    database = await target.open();
    await seedLocalRoles(database.db);
    sandbox = await startTestSandbox();
    deps = testDeps(database, sandbox.url);
    // Nothing listens on port 9 (discard): every call fails to connect.
    dead = testDeps(database, "http://127.0.0.1:9", { GATEWAY_TIMEOUT_MS: "1000" });
    superAdmin = await testPrincipal(database.db, "Root", "all");
  });
  afterAll(async () => {
    await deps?.gateway.close();
    await dead?.gateway.close();
    await sandbox?.close();
    await database?.dispose();
  });

  // Rule guarded (#15 Arabic): the mirrored roles list sorts names in the reader's collation, the same in PGlite and
  // Postgres ("ابراهيم" before "أحمد": alef and alef-hamza are one letter; ORDER BY under C would put "أ" first).
  it("the mirrored list sorts Arabic names in Arabic order, and finds them by part of the name", async () => {
    const tag = uniqueName("ترتيب");
    await deps.db.insert(roles).values([
      { name: `${tag} أحمد`, permissions: ["TRANSACTIONS_VIEW"] },
      { name: `${tag} ابراهيم`, permissions: ["TRANSACTIONS_VIEW"] },
      { name: `${tag} بدر`, permissions: ["TRANSACTIONS_VIEW"] },
    ]);
    const listed = await mirroredRoles({ deps, principal: superAdmin, ip: null }, query({ text: tag }), "ar");
    expect(listed.items.map((r) => r.name)).toEqual([`${tag} ابراهيم`, `${tag} أحمد`, `${tag} بدر`]);
    expect(listed.page.totalElements).toBe(3);
    // The next test counts every role in the database: these three go again.
    await deps.db.delete(roles).where(like(roles.name, `${tag}%`));
  });

  it("a search mirrors its page and adopts the seeded local roles by name: same id, users kept, gateway's permissions", async () => {
    const seeded = (await roleRowByName(deps.db, "finance"))!;
    expect(seeded).toMatchObject({ source: "local", gatewayRoleId: null });
    // A local copy that has drifted from the gateway's role of the same name (here: AUDIT_VIEW taken away).
    await deps.db
      .update(roles)
      .set({ permissions: seeded.permissions.filter((p) => p !== "AUDIT_VIEW") })
      .where(eq(roles.id, seeded.id));
    const localFinance = (await roleRowByName(deps.db, "finance"))!;
    const holder = await userHoldingRoles(deps.db, [localFinance.id]);
    expect((await holder.next()).permissions.has("AUDIT_VIEW")).toBe(false);

    const r = await searchRoles({ deps, principal: superAdmin, ip: null }, query());
    expect(r.page).toMatchObject({ number: 0, size: 10 });
    const byName = new Map(r.items.map((i) => [i.name, i]));
    for (const name of ["back-office", "finance", "read-only"]) {
      expect(byName.get(name)).toMatchObject({ gatewayRoleId: SEEDED_ROLE_IDS[name], source: "gateway" });
    }
    expect(byName.get("finance")!.id).toBe(localFinance.id);
    expect(await deps.db.select().from(roles)).toHaveLength(3); // adopted, not duplicated
    const finance = (await roleRowByName(deps.db, "finance"))!;
    expect(finance.permissions).toContain("AUDIT_VIEW");
    expect(finance.mirroredAt).toBeInstanceOf(Date);
    // The user_roles link held, and the gateway's permissions are what the next request sees.
    expect((await holder.next()).permissions.has("AUDIT_VIEW")).toBe(true);
  });

  it("search uses the defaults of section 8 and the gateway's page object; a page never deletes a role", async () => {
    expect(query()).toEqual({ text: "", page: 0, size: 10 });
    await deps.db.insert(roles).values({ name: "legacy-local-only", permissions: ["TRANSACTIONS_VIEW"] });
    const prefix = uniqueName("pg");
    for (let i = 0; i < 12; i++) {
      await deps.gateway.createRole({ roleName: `${prefix}-${String(i).padStart(2, "0")}`, description: "", permissions: [] });
    }
    const second = await searchRoles({ deps, principal: superAdmin, ip: null }, query({ text: prefix, page: "1" }));
    expect(second.page).toEqual({ number: 1, size: 10, totalElements: 12, totalPages: 2 });
    expect(second.items.map((i) => i.name)).toEqual([`${prefix}-10`, `${prefix}-11`]);
    expect(await roleRowByName(deps.db, "legacy-local-only")).not.toBeNull();
    expect(await roleRowByName(deps.db, `${prefix}-00`)).toBeNull(); // not on the page: not mirrored yet
  });

  it("two roles that swapped names at the gateway mirror cleanly in one page", async () => {
    const [x, y] = [uniqueName("swap-x"), uniqueName("swap-y")];
    const a = await createRole(
      { deps, principal: superAdmin, ip: null },
      createRoleSchema.parse({ name: x, description: "", permissions: ["TRANSACTIONS_VIEW"] }),
    );
    const b = await createRole(
      { deps, principal: superAdmin, ip: null },
      createRoleSchema.parse({ name: y, description: "", permissions: ["TRANSACTIONS_VIEW"] }),
    );
    const rename = (id: string, roleName: string) => deps.gateway.updateRole({ roleId: id, roleName, description: "", permissions: [] });
    await rename(a.role.gatewayRoleId!, `${x}-tmp`);
    await rename(b.role.gatewayRoleId!, x);
    await rename(a.role.gatewayRoleId!, y);
    await searchRoles({ deps, principal: superAdmin, ip: null }, query({ text: "swap-", size: "50" }));
    expect((await roleRowByName(deps.db, y))!.id).toBe(a.role.id);
    expect((await roleRowByName(deps.db, x))!.id).toBe(b.role.id);
  });

  it("when the gateway does not answer, nothing changes and the last mirrored permissions hold", async () => {
    const r = await createRole(
      { deps, principal: superAdmin, ip: null },
      createRoleSchema.parse({ name: uniqueName("Steady"), description: "", permissions: ["CAPTURES_CREATE"] }),
    );
    const holder = await userHoldingRoles(deps.db, [r.role.id]);
    const before = await deps.db.select().from(roles).orderBy(roles.id);
    const audits = (await deps.db.select().from(auditLog)).length;
    const unavailable = { code: "gateway_unavailable", messageKey: ROLES_GATEWAY_UNAVAILABLE };
    const input = updateRoleSchema.parse({ name: r.role.name, description: "", permissions: ["TRANSACTIONS_VIEW"] });
    await expect(searchRoles({ deps: dead, principal: superAdmin, ip: null }, query())).rejects.toMatchObject(unavailable);
    await expect(getRole({ deps: dead, principal: superAdmin, ip: null }, { roleId: r.role.id })).rejects.toMatchObject(unavailable);
    await expect(updateRole({ deps: dead, principal: superAdmin, ip: null }, { roleId: r.role.id, ...input })).rejects.toMatchObject(
      unavailable,
    );
    await expect(
      createRole(
        { deps: dead, principal: superAdmin, ip: null },
        createRoleSchema.parse({ name: uniqueName("Never"), description: "", permissions: ["TRANSACTIONS_VIEW"] }),
      ),
    ).rejects.toMatchObject(unavailable);
    await expect(refreshRoleMirror({ deps: dead, principal: superAdmin, ip: null })).rejects.toMatchObject(unavailable);
    expect(await deps.db.select().from(roles).orderBy(roles.id)).toEqual(before);
    expect(await deps.db.select().from(auditLog)).toHaveLength(audits);
    expect((await holder.next()).permissions.has("CAPTURES_CREATE")).toBe(true);
    // The list can still show the last mirrored copy.
    const fallback = await mirroredRoles({ deps: dead, principal: superAdmin, ip: null }, query({ text: r.role.name }));
    expect(fallback.items.map((i) => [i.id, i.permissions])).toEqual([[r.role.id, ["CAPTURES_CREATE"]]]);
  });

  it("refresh walks every page of the gateway's search and mirrors every role, with one audit row", async () => {
    const total = await deps.gateway.searchRoles({ pageSize: 1 });
    if (total.kind !== "success") throw new Error("search failed");
    const count = total.data.totalElements!;
    expect(count).toBeGreaterThan(12);
    const r = await refreshRoleMirror({ deps, principal: superAdmin, ip: "10.0.0.9" }, { pageSize: 5 });
    expect(r).toEqual({ pages: Math.ceil(count / 5), roles: count, complete: true });
    const mirrored = await deps.db.select().from(roles);
    expect(mirrored.filter((m) => m.gatewayRoleId !== null)).toHaveLength(count);
    const audit = await deps.db.select().from(auditLog).where(eq(auditLog.action, "role.mirror_refresh"));
    expect(audit.map((a) => [a.actorId, a.summary])).toEqual([
      [superAdmin.userId, { pages: Math.ceil(count / 5), roles: count, complete: true }],
    ]);
  });

  it("refresh stops at its page bound and says it is incomplete", async () => {
    expect(await refreshRoleMirror({ deps, principal: superAdmin, ip: null }, { pageSize: 2, maxPages: 3 })).toEqual({
      pages: 3,
      roles: 6,
      complete: false,
    });
  });

  it("refresh is for super-admins only, even with ROLES_MANAGE", async () => {
    const manager = await testPrincipal(deps.db, "Manager", ["ROLES_MANAGE"]);
    await expect(refreshRoleMirror({ deps, principal: manager, ip: null })).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("mirrorPermissions", () => {
  it("keeps only the dashboard's vocabulary, upper-cased, each once, in order", () => {
    expect(mirrorPermissions(["refunds_create", "REPORTS_SCHEDULE", "REFUNDS_CREATE", " transactions_view "])).toEqual([
      "REFUNDS_CREATE",
      "TRANSACTIONS_VIEW",
    ]);
  });
});
