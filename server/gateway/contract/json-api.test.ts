// Contract (4.9–4.16, 5, 7) against the real sandbox: hosted checkout, S2S sale, and the administration calls with
// their error rows; API keys and access levels. Threat guarded: a drift between the client's envelopes, paths or
// headers and the JSON interface, and an access level that the gateway refuses being reported as anything else.
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { money } from "@/lib/money";
import { SEEDED_PARTNER_IDS, SEEDED_ROLE_IDS, startSandbox } from "@/sandbox/server";
import { createLogger } from "../../log/logger";
import { createGatewayClient, type GatewayClient } from "../client";
import { SANDBOX_DEFAULTS, SANDBOX_LEVEL_KEYS } from "../sandbox-defaults";
import { s2sSaleResponseSchema } from "../operations/checkout";
import { createTransport } from "../transport";
import { card, EXPIRY, testConfig, uniqueId } from "../../../tests/support/gateway-fixtures.support";
import { sandboxControl, statusOf } from "../../../tests/support/sandbox-flows.support";

let sb: Awaited<ReturnType<typeof startSandbox>>;
let client: GatewayClient;
const silent = createLogger({ sink: () => {} });
const extra: GatewayClient[] = [];
const clientWith = (over: Parameters<typeof testConfig>[1]) => {
  const c = createGatewayClient(testConfig(sb.url, over), { logger: silent });
  extra.push(c);
  return c;
};

const s2sInput = (over: { orderId?: string; expMonth?: string; auth?: boolean } = {}) => ({
  orderId: over.orderId ?? uniqueId("s2s"),
  amount: money(2_550, "SAR"),
  auth: over.auth ?? false,
  card: card(undefined, over.expMonth ?? EXPIRY.approved),
  customer: { name: "Amal Haddad", email: `s2s.${uniqueId("e")}@example.com`, phone: "+966500000000" },
  successUrl: "https://merchant.example.com/ok",
  failureUrl: "https://merchant.example.com/fail",
});

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dataDir: null, callbackUrl: null });
  client = createGatewayClient(testConfig(sb.url), { logger: silent });
});
afterAll(async () => {
  await Promise.all([client, ...extra].map((c) => c.close()));
  await sb.close();
});

describe("hosted checkout (4.9)", { tags: ["gateway-profile"] }, () => {
  it("initiate returns data.redirectUrl carrying a UUID sessionId", async () => {
    const r = await client.initiateCheckout({
      orderId: uniqueId("hc"),
      amount: money(9_900, "SAR"),
      customer: { name: "Amal", email: "amal@example.com", phone: "+966500000000" },
      address: { country: "SA", city: "Riyadh" },
      auth: false,
      successUrl: "https://merchant.example.com/ok",
      failureUrl: "https://merchant.example.com/fail",
      issueDate: "2030-01-01",
    });
    expect(r.kind).toBe("success");
    if (r.kind !== "success") return;
    expect(new URL(r.data.redirectUrl).searchParams.get("sessionId")).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    );
  });

  it("a duplicate orderId is refused (409 envelope)", async () => {
    const input = {
      orderId: uniqueId("hc"),
      amount: money(100, "SAR"),
      customer: { name: "A", email: "a@example.com", phone: "+1" },
      auth: true,
      successUrl: "https://m.example.com/ok",
      failureUrl: "https://m.example.com/fail",
    };
    expect((await client.initiateCheckout(input)).kind).toBe("success");
    expect(await client.initiateCheckout(input)).toMatchObject({ kind: "gateway_error", code: "409" });
  });
});

describe("S2S sale (4.10)", { tags: ["gateway-profile"] }, () => {
  it("frictionless: Success + SETTLED with paymentId; the payment is settled", async () => {
    const input = s2sInput();
    const r = await client.s2sSale(input);
    expect(r).toMatchObject({
      kind: "success",
      data: { result: "Success", status: "SETTLED", paymentId: expect.any(String), acquirerPaymentId: expect.any(String) },
    });
    if (r.kind === "success") expect(await statusOf(client, { orderId: input.orderId, transId: r.data.paymentId! })).toBe("settled");
  });

  it("auth=Y: Success + PENDING", async () => {
    expect(await client.s2sSale(s2sInput({ auth: true }))).toMatchObject({ kind: "success", data: { status: "PENDING" } });
  });

  it("3-D Secure required: Pending + SUCCESS with a complete HTML page, returned unmodified", async () => {
    const r = await client.s2sSale(s2sInput({ expMonth: EXPIRY.challengeApproved }));
    expect(r).toMatchObject({ kind: "success", data: { result: "Pending", status: "SUCCESS" } });
    if (r.kind !== "success") return;
    expect(r.data.html).toMatch(/^<!doctype html>/i);
    await sandboxControl(sb.url).answerChallenge(r.data.paymentId!, "1234");
    const d = await client.transactionDetails({ transactionId: r.data.paymentId! });
    expect(d).toMatchObject({ kind: "success", data: { transactionDetails: { paymentStatus: "APPROVED" } } });
  });

  it("a declined card: Declined + DECLINED → declined with declineReason", async () => {
    const r = await client.s2sSale(s2sInput({ expMonth: EXPIRY.declined }));
    expect(r).toMatchObject({ kind: "declined", data: { result: "Declined", status: "DECLINED" } });
    if (r.kind === "declined") expect(r.declineReason).toMatch(/declined/i);
  });

  it("a duplicate orderId is rejected (section 7)", async () => {
    const input = s2sInput();
    expect((await client.s2sSale(input)).kind).toBe("success");
    expect(await client.s2sSale({ ...input, customer: { ...input.customer } })).toMatchObject({ kind: "gateway_error", code: "409" });
  });

  it("an invalid hash returns an error and creates no payment (5.2 rule 4)", async () => {
    // The client always signs correctly, so the bad hash goes through the same transport with a forged body.
    const t = createTransport(testConfig(sb.url), { logger: silent });
    const orderId = uniqueId("s2s");
    try {
      const r = await t.send({
        operation: "s2s_sale",
        policy: "money",
        host: "api",
        method: "POST",
        path: "/api/v1/payment-gateway/s2s/sale",
        declines: true,
        response: s2sSaleResponseSchema,
        body: () => ({
          type: "json",
          value: {
            ...s2sInput({ orderId }),
            auth: "N",
            paymentMethod: "card",
            currency: "SAR",
            amount: 25.5,
            card: { cardNumber: "4111111111111111", cardExpiryMonth: "01", cardExpiryYear: "2038", cardCvv: "123" },
            hash: "0".repeat(32),
          },
        }),
      });
      expect(r).toMatchObject({ kind: "gateway_error", httpStatus: 400, code: "400", message: "Invalid Hash value" });
    } finally {
      await t.close();
    }
    // The order id is still free: no session or payment was created.
    expect((await client.s2sSale(s2sInput({ orderId }))).kind).toBe("success");
  });
});

describe("roles (4.13, 7)", () => {
  it("create → get → update → search; permissions sent lower case, answered upper case, unsupported ones dropped without error", async () => {
    const name = `Ops ${uniqueId("r")}`;
    const created = await client.createRole({
      roleName: name,
      description: "Operations",
      // The dashboard's vocabulary (upper case): the client sends it in the input form, the strict sandbox takes it.
      permissions: ["TRANSACTIONS_VIEW", "REFUNDS_CREATE", "ROCKET_LAUNCH"],
    });
    expect(created).toMatchObject({
      kind: "success",
      data: { name, description: "Operations", businessUnitId: SANDBOX_DEFAULTS.businessUnitId },
    });
    if (created.kind !== "success") return;
    expect([...created.data.permissions].sort()).toEqual(["REFUNDS_CREATE", "TRANSACTIONS_VIEW"]);
    expect(created.data.createdTimestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{9}Z$/);
    const id = created.data.id;
    expect(await client.getRole({ roleId: id })).toMatchObject({ kind: "success", data: { id, name } });
    const updated = await client.updateRole({ roleId: id, roleName: `${name} 2`, description: "Ops v2", permissions: ["AUDIT_VIEW"] });
    expect(updated).toMatchObject({ kind: "success", data: { id, name: `${name} 2`, permissions: ["AUDIT_VIEW"] } });
    const found = await client.searchRoles({ text: `${name} 2` });
    expect(found).toMatchObject({ kind: "success", data: { content: [{ id, name: `${name} 2` }], totalElements: 1, first: true } });
  });

  it("search defaults: page 0, size 10; items are unwrapped roles", async () => {
    const r = await client.searchRoles();
    expect(r).toMatchObject({ kind: "success", data: { number: 0, size: 10 } });
    if (r.kind === "success") {
      expect(r.data.content.length).toBeGreaterThanOrEqual(3);
      expect(r.data.content.map((x) => x.id)).toContain(SEEDED_ROLE_IDS["finance"]);
    }
  });

  it("a role name already used → 409 envelope naming [roleName, businessUnitId]", async () => {
    const r = await client.createRole({ roleName: "finance", description: "dup", permissions: [] });
    expect(r).toMatchObject({ kind: "gateway_error", httpStatus: 409, code: "409", errorCode: "409" });
    if (r.kind === "gateway_error") expect(r.message).toMatch(/\[roleName, businessUnitId\]/);
  });

  it("get and update of an unknown role → 404 with the contract's field lists", async () => {
    const unknown = "00000000-0000-4000-8000-00000000beef";
    const g = await client.getRole({ roleId: unknown });
    expect(g).toMatchObject({ kind: "gateway_error", code: "404", errorCode: "404" });
    if (g.kind === "gateway_error") expect(g.message).toMatch(/Role not found for fields \[roleId, businessUnitId\]/);
    const u = await client.updateRole({ roleId: unknown, roleName: "x", description: "x", permissions: [] });
    expect(u).toMatchObject({ kind: "gateway_error", code: "404" });
    if (u.kind === "gateway_error") expect(u.message).toMatch(/\[roleName, businessUnitId\]/);
  });
});

describe("users, branches, partners (4.14–4.16)", () => {
  it("create user returns id, username (the e-mail), phoneNumber, userType", async () => {
    const email = `user.${uniqueId("u")}@example.com`;
    const r = await client.createUser({
      email,
      businessUnitId: SANDBOX_DEFAULTS.businessUnitId,
      roles: ["finance"],
      userType: "USER",
      phoneNumber: "+966500000001",
    });
    expect(r).toMatchObject({ kind: "success", data: { username: email, phoneNumber: "+966500000001", userType: "USER" } });
  });

  it("branch search pages through the branches; text and active filters apply", async () => {
    const p0 = await client.searchBranches({ pageNumber: 0, pageSize: 5 });
    expect(p0).toMatchObject({ kind: "success", data: { number: 0, size: 5 } });
    if (p0.kind !== "success") return;
    expect(p0.data.content).toHaveLength(5);
    expect(p0.data.totalElements).toBeGreaterThan(5);
    const jeddah = await client.searchBranches({ text: "Jeddah", active: true });
    expect(jeddah.kind === "success" && jeddah.data.content.every((b) => b.active && /jeddah/i.test(b.name))).toBe(true);
  });

  it("partner delete returns a confirmation string; a second delete → 404 [id]", async () => {
    const id = SEEDED_PARTNER_IDS[0]!;
    const r = await client.deletePartner({ partnerId: id });
    expect(r).toMatchObject({ kind: "success", data: expect.stringMatching(/Partner/) });
    const again = await client.deletePartner({ partnerId: id });
    expect(again).toMatchObject({ kind: "gateway_error", code: "404" });
    if (again.kind === "gateway_error") expect(again.message).toMatch(/Partner not found for fields \[id\]/);
  });
});

describe("API keys and access levels (5.1, 5.3)", () => {
  it("a wrong API key is refused with 401 on every JSON call", async () => {
    const wrong = clientWith({ apiKey: "not-a-key" });
    expect(await wrong.searchRoles()).toMatchObject({ kind: "gateway_error", httpStatus: 401, code: "401" });
    expect(await wrong.s2sSale(s2sInput())).toMatchObject({ kind: "gateway_error", httpStatus: 401 });
    expect(await wrong.transactionDetails({ transactionId: "x" })).toMatchObject({ kind: "gateway_error", httpStatus: 401 });
  });

  it("a missing X-API-KEY header is refused with 401", async () => {
    const res = await request(`${sb.url}/api/v1/roles/search`);
    expect(res.statusCode).toBe(401);
    expect(await res.body.json()).toMatchObject({ code: 401 });
  });

  it("a BRANCH key is refused on branch search and partner delete (403) but may read roles", async () => {
    const branch = clientWith({ apiKey: SANDBOX_LEVEL_KEYS.BRANCH });
    expect(await branch.searchBranches()).toMatchObject({ kind: "gateway_error", httpStatus: 403, code: "403" });
    expect(await branch.deletePartner({ partnerId: SEEDED_PARTNER_IDS[1]! })).toMatchObject({ kind: "gateway_error", httpStatus: 403 });
    expect((await branch.searchRoles()).kind).toBe("success");
  });

  it("a MERCHANT key may search branches but not delete partners; a PARTNER key may delete partners", async () => {
    const merchant = clientWith({ apiKey: SANDBOX_LEVEL_KEYS.MERCHANT });
    expect((await merchant.searchBranches()).kind).toBe("success");
    expect(await merchant.deletePartner({ partnerId: SEEDED_PARTNER_IDS[1]! })).toMatchObject({ kind: "gateway_error", httpStatus: 403 });
    const partner = clientWith({ apiKey: SANDBOX_LEVEL_KEYS.PARTNER });
    expect((await partner.deletePartner({ partnerId: SEEDED_PARTNER_IDS[1]! })).kind).toBe("success");
  });
});
