// Rules guarded: admin calls need a valid key of an allowed access level (contract 5.3); role names are unique per
// business unit; unsupported permissions are silently dropped; searches page correctly; users need known roles.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_LEVEL_KEYS } from "./defaults";
import { SEEDED_BRANCH_COUNT, SEEDED_PARTNER_IDS, SEEDED_ROLE_IDS, type RunningSandbox } from "./server";
import { D, api, start } from "../tests/support/sandbox-client.support";

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

const role = (roleName: string, permissions: string[] = ["transactions_view"], description = "d") => ({
  roleName,
  description,
  permissions,
});

describe("API keys and access levels", () => {
  it("a missing or unknown key is HTTP 401 with the envelope", async () => {
    const res = await fetch(`${sb.url}/api/v1/roles/search`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: 401, errorCode: "401", message: "Invalid API key", data: null });
    expect((await api(sb, "GET", "/api/v1/roles/search", undefined, "nope")).status).toBe(401);
  });

  it("every level may use roles; BRANCH may not search branches; MERCHANT and BRANCH may not delete partners", async () => {
    for (const key of [D.apiKey, ...Object.values(SANDBOX_LEVEL_KEYS)]) {
      expect((await api(sb, "GET", "/api/v1/roles/search", undefined, key)).status).toBe(200);
    }
    const branch = await api(sb, "GET", "/api/v1/branches/search?pageNumber=0&pageSize=5", undefined, SANDBOX_LEVEL_KEYS.BRANCH);
    expect(branch).toEqual({
      status: 403,
      body: { code: 403, errorCode: "403", message: "Access denied for access level BRANCH", data: null },
    });
    expect((await api(sb, "GET", "/api/v1/branches/search?pageNumber=0&pageSize=5", undefined, SANDBOX_LEVEL_KEYS.MERCHANT)).status).toBe(
      200,
    );
    const id = SEEDED_PARTNER_IDS[0]!;
    expect((await api(sb, "DELETE", `/api/v1/partner/${id}`, undefined, SANDBOX_LEVEL_KEYS.MERCHANT)).status).toBe(403);
    expect((await api(sb, "DELETE", `/api/v1/partner/${id}`, undefined, SANDBOX_LEVEL_KEYS.BRANCH)).status).toBe(403);
    expect(sb.state.data.partners[id]).toBeDefined();
  });
});

describe("roles", () => {
  it("create takes permissions in the input form only (lower case, exact), answers them upper case, drops the rest and duplicates, stamps nanosecond timestamps", async () => {
    const r = await api(
      sb,
      "POST",
      "/api/v1/roles/role",
      role("Auditors", [
        "audit_view",
        "audit_view",
        "AUDIT_VIEW",
        "Reports_View",
        " refunds_create",
        "rockets_launch",
        "transactions_view",
      ]),
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      name: "Auditors",
      businessUnitId: D.businessUnitId,
      permissions: ["AUDIT_VIEW", "TRANSACTIONS_VIEW"],
    });
    expect(r.body.data.createdTimestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{9}Z$/);
  });

  it("a name already used in the business unit (any case) is 409 with the contract message", async () => {
    const r = await api(sb, "POST", "/api/v1/roles/role", role("FINANCE"));
    expect(r.body).toEqual({
      code: 409,
      errorCode: "409",
      data: null,
      message: `entity Role already exists for fields [roleName, businessUnitId] and values [FINANCE, ${D.businessUnitId}]`,
    });
  });

  it("update changes the role; an unknown id is 404; renaming onto another role's name is 409", async () => {
    const created = (await api(sb, "POST", "/api/v1/roles/role", role("Temp role"))).body.data;
    const upd = await api(sb, "PUT", `/api/v1/roles/role/${created.id}`, role("Temp role 2", ["refunds_create"], "new"));
    expect(upd.body.data).toMatchObject({ id: created.id, name: "Temp role 2", description: "new", permissions: ["REFUNDS_CREATE"] });
    const missing = await api(sb, "PUT", "/api/v1/roles/role/00000000-0000-4000-8000-000000000000", role("Ghost"));
    expect(missing.body).toMatchObject({
      code: 404,
      message: `entity Role not found for fields [roleName, businessUnitId] and values [Ghost, ${D.businessUnitId}]`,
    });
    expect((await api(sb, "PUT", `/api/v1/roles/role/${created.id}`, role("read-only"))).body.code).toBe(409);
  });

  it("get returns a seeded role; an unknown id is 404 with [roleId, businessUnitId]", async () => {
    const id = SEEDED_ROLE_IDS["finance"]!;
    expect((await api(sb, "GET", `/api/v1/roles/role/${id}`)).body.data.name).toBe("finance");
    const r = await api(sb, "GET", "/api/v1/roles/role/xyz");
    expect(r.body.message).toBe(`entity Role not found for fields [roleId, businessUnitId] and values [xyz, ${D.businessUnitId}]`);
  });

  it("search pages with defaults 0/10, filters by text, and wraps each item in an envelope", async () => {
    for (let i = 0; i < 12; i++) await api(sb, "POST", "/api/v1/roles/role", role(`Pager ${String(i).padStart(2, "0")}`, [], "paging"));
    const first = (await api(sb, "GET", "/api/v1/roles/search?text=PAGER")).body.data;
    expect(first).toMatchObject({
      number: 0,
      size: 10,
      totalElements: 12,
      totalPages: 2,
      hasContent: true,
      numberOfElements: 10,
      first: true,
      last: false,
    });
    expect(first.content[0]).toMatchObject({ code: 200, message: "Success", errorCode: null, data: { name: "Pager 00" } });
    const second = (await api(sb, "GET", "/api/v1/roles/search?text=pager&pageNumber=1")).body.data;
    expect(second).toMatchObject({ numberOfElements: 2, first: false, last: true });
    const none = (await api(sb, "GET", "/api/v1/roles/search?text=zzzz")).body.data;
    expect(none).toMatchObject({ hasContent: false, totalElements: 0 });
    expect((await api(sb, "GET", "/api/v1/roles/search?pageSize=-1")).status).toBe(400);
  });
});

describe("users", () => {
  const user = (email: string, roles = ["finance"], userType = "USER") => ({
    email,
    businessUnitId: D.businessUnitId,
    roles,
    userType,
    phoneNumber: "+966500000001",
  });

  it("create answers id, username (the e-mail), phoneNumber, userType", async () => {
    const r = await api(sb, "POST", "/api/v1/users/user", user("new.user@example.com"));
    expect(r.body.data).toMatchObject({ username: "new.user@example.com", phoneNumber: "+966500000001", userType: "USER" });
    expect(r.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("unknown roles are 400 naming them; a duplicate e-mail is 409; a bad userType is 400", async () => {
    const unknown = await api(sb, "POST", "/api/v1/users/user", user("u2@example.com", ["finance", "pilots"]));
    expect(unknown.body).toMatchObject({ code: 400, message: "Unknown roles: [pilots]" });
    await api(sb, "POST", "/api/v1/users/user", user("dup@example.com"));
    expect((await api(sb, "POST", "/api/v1/users/user", user("DUP@example.com"))).body.code).toBe(409);
    expect((await api(sb, "POST", "/api/v1/users/user", user("u3@example.com", ["finance"], "ROOT"))).body.code).toBe(400);
  });
});

describe("branches", () => {
  it("pageNumber and pageSize are required", async () => {
    expect((await api(sb, "GET", "/api/v1/branches/search")).status).toBe(400);
    expect((await api(sb, "GET", "/api/v1/branches/search?pageNumber=0")).status).toBe(400);
    expect((await api(sb, "GET", "/api/v1/branches/search?pageNumber=a&pageSize=5")).status).toBe(400);
  });

  it("pages the seeded branches and filters by text (English or Arabic) and active", async () => {
    const all = (await api(sb, "GET", "/api/v1/branches/search?pageNumber=0&pageSize=10")).body.data;
    expect(all).toMatchObject({ number: 0, size: 10, totalElements: SEEDED_BRANCH_COUNT, totalPages: Math.ceil(SEEDED_BRANCH_COUNT / 10) });
    expect(all.content[0]).toMatchObject({ countryCode: "682", businessUnitId: D.businessUnitId });
    expect(typeof all.content[0].cityId).toBe("number");
    const riyadh = (await api(sb, "GET", `/api/v1/branches/search?pageNumber=0&pageSize=50&text=${encodeURIComponent("الرياض")}`)).body
      .data;
    expect(riyadh.content.map((b: { nameAR: string }) => b.nameAR)).toContain("فرع الرياض");
    const jeddah = (await api(sb, "GET", "/api/v1/branches/search?pageNumber=0&pageSize=50&text=jeddah")).body.data;
    expect(jeddah.totalElements).toBeGreaterThan(0);
    const inactive = (await api(sb, "GET", "/api/v1/branches/search?pageNumber=0&pageSize=50&active=false")).body.data;
    expect(inactive.totalElements).toBeGreaterThan(0);
    expect(inactive.content.every((b: { active: boolean }) => !b.active)).toBe(true);
  });
});

describe("partners", () => {
  it("delete confirms by name; deleting again (or an unknown id) is the 404 envelope", async () => {
    const id = SEEDED_PARTNER_IDS[1]!;
    const r = await api(sb, "DELETE", `/api/v1/partner/${id}`, undefined, SANDBOX_LEVEL_KEYS.PARTNER);
    expect(r.body).toEqual({ code: 200, message: "Success", errorCode: null, data: "Partner Red Sea Commerce deleted successfully" });
    const again = await api(sb, "DELETE", `/api/v1/partner/${id}`);
    expect(again.body).toEqual({
      code: 404,
      errorCode: "404",
      data: null,
      message: `entity Partner not found for fields [id] and values [${id}]`,
    });
    expect((await api(sb, "DELETE", "/api/v1/partner/__proto__")).status).toBe(404);
  });
});
