// Rules guarded: each operation reaches the right path with the right method and content type (multipart for SALE
// and token sale; urlencoded for CAPTURE, VOID, CREDITVOID, RECURRING_SALE; JSON elsewhere), with the contract's
// field names, the amount string of lib/money.ts (the same string hashed), the hash of signing.ts, and X-API-KEY
// exactly on /api/*. Real HTTP to a local capture server; no gateway needed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { money } from "@/lib/money";
import { createGatewayClient, type GatewayClient } from "./client";
import {
  captureHash,
  cardPartsOf,
  creditvoidHash,
  partialRefundHash,
  recurringSaleHash,
  s2sSaleHash,
  saleHash,
  statusHash,
  tokenSaleHash,
  voidHash,
} from "./signing";
import { startCaptureServer, type CaptureServer } from "../../tests/support/capture-server.support";
import { saleInput, testConfig } from "../../tests/support/gateway-fixtures.support";
import { createLogger } from "../log/logger";
import { readGatewayProfile } from "./profile";

const secret = "unit-merchant-secret";
const apiKey = "unit-api-key-0001";
const clientKey = "11111111-2222-3333-4444-555555555555";
let srv: CaptureServer;
let client: GatewayClient;
const silent = createLogger({ sink: () => {} });
const last = () => srv.requests.at(-1)!;
const reply = (body: unknown, status = 200) => srv.handle(() => ({ status, body }));

beforeAll(async () => {
  srv = await startCaptureServer();
  client = createGatewayClient(
    testConfig(srv.url, {
      apiUrl: `${srv.url}/gw`,
      merchantSecret: secret,
      apiKey,
      clientKey,
      partialRefundMerchantField: "brand_merchant_id",
    }),
    { logger: silent },
  );
});
afterAll(async () => {
  await client.close();
  await srv.close();
});

describe("form interface operations", () => {
  it("SALE: multipart/form-data on /payment/post, contract field names, 2-decimal amount, SALE hash, no API key", async () => {
    reply({
      result: "REDIRECT",
      status: "REDIRECT",
      trans_id: "t1",
      redirect_url: `${srv.url}/payment/Collector`,
      redirect_params: { body: "Zm9v" },
      redirect_method: "POST",
    });
    const input = saleInput({ minor: 10_050, auth: true, saveToken: true, recurringInit: true });
    const r = await client.sale(input);
    expect(r).toMatchObject({ kind: "success", data: { trans_id: "t1", redirect_params: { body: "Zm9v" } } });
    const req = last();
    expect([req.method, req.path]).toEqual(["POST", "/payment/post"]);
    expect(req.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(req.headers["x-api-key"]).toBeUndefined();
    expect(req.fields).toEqual({
      action: "SALE",
      client_key: clientKey,
      order_id: input.orderId,
      order_amount: "100.50",
      order_currency: "SAR",
      order_description: "Test order",
      payer_first_name: "Amal",
      payer_last_name: "Haddad",
      payer_address: input.payer.address,
      payer_country: "SA",
      payer_city: "Riyadh",
      payer_zip: "12211",
      payer_email: input.payer.email,
      payer_phone: "+966500000000",
      payer_ip: "203.0.113.7",
      term_url_3ds: input.termUrl,
      auth: "Y",
      save_token: "Y",
      recurring_init: "Y",
      card_number: "4111111111111111",
      card_exp_month: "01",
      card_exp_year: "2038",
      card_cvv2: "123",
      hash: saleHash({ email: input.payer.email, secret, card: cardPartsOf("4111111111111111") }),
    });
  });

  it("token sale: multipart, card_token instead of card fields, token hash", async () => {
    reply({ result: "SUCCESS", status: "SETTLED", trans_id: "t2" });
    const { card: _card, ...rest } = saleInput({ minor: 5 });
    const r = await client.tokenSale({ ...rest, cardToken: "tok-123" });
    expect(r.kind).toBe("success");
    const f = last().fields!;
    expect(last().contentType).toMatch(/^multipart\/form-data/);
    expect(f.card_token).toBe("tok-123");
    expect(f.order_amount).toBe("0.05");
    expect(f.save_token).toBe("N");
    for (const k of ["card_number", "card_exp_month", "card_exp_year", "card_cvv2"]) expect(f).not.toHaveProperty(k);
    expect(f.hash).toBe(tokenSaleHash({ email: rest.payer.email, secret, cardToken: "tok-123" }));
  });

  it("collector: JSON {body} forwarded unchanged; HTML answer returned unmodified", async () => {
    const html = "<!doctype html><html><body><form id=otp></form></body></html>";
    srv.handle(() => ({ status: 200, text: html, headers: { "content-type": "text/html; charset=utf-8" } }));
    const r = await client.collector({ body: "eyJ0IjoxfQ==", redirectUrl: `${srv.url}/collector/t1` });
    expect(r).toEqual({ kind: "success", data: { html, contentType: "text/html; charset=utf-8", origin: srv.url }, httpStatus: 200 });
    expect(last().path).toBe("/collector/t1");
    expect(last().contentType).toBe("application/json");
    expect(last().fields).toEqual({ body: "eyJ0IjoxfQ==" });
    // Without a redirect_url: the contract's collector path (4.2).
    srv.handle(() => ({ status: 200, text: html, headers: { "content-type": "text/html; charset=utf-8" } }));
    await client.collector({ body: "x" });
    expect(last().path).toBe("/payment/Collector");
    // A relative redirect_url resolves against the form host.
    srv.handle(() => ({ status: 200, text: html, headers: { "content-type": "text/html; charset=utf-8" } }));
    await client.collector({ body: "x", redirectUrl: "/collector/t2?lang=ar" });
    expect([last().path, last().query]).toEqual(["/collector/t2", { lang: "ar" }]);
  });

  // Threat guarded: SSRF. The card data's next step is posted only where the operator said the gateway is.
  it("collector: a redirect_url on an origin that is not configured is refused, nothing sent, the reason logged", async () => {
    const lines: string[] = [];
    const c = createGatewayClient(testConfig(srv.url), { logger: createLogger({ sink: (l) => lines.push(l) }) });
    const before = srv.requests.length;
    for (const url of [
      "https://evil.example.net/collector/t1",
      "https://exa mple.com/collector/t1",
      `${srv.url.replace("http://", "http://user:pw@")}/collector/t1`,
    ]) {
      const r = await c.collector({ body: "x", redirectUrl: url });
      expect(r).toMatchObject({ kind: "transport", outcomeUnknown: false });
    }
    expect(srv.requests.length).toBe(before);
    expect(lines.filter((l) => l.includes("gateway.collector_refused"))).toHaveLength(3);
    expect(lines.join("\n")).toContain("https://evil.example.net, not a configured gateway origin (GATEWAY_COLLECTOR_ORIGINS)");
    await c.close();
  });

  it("collector: a redirect_url on a configured collector origin (GATEWAY_COLLECTOR_ORIGINS) is followed there", async () => {
    const checkout = await startCaptureServer();
    const c = createGatewayClient(testConfig(srv.url, { collectorOrigins: [checkout.url] }), { logger: silent });
    checkout.handle(() => ({ status: 200, text: "<p>acs</p>", headers: { "content-type": "text/html" } }));
    const r = await c.collector({ body: "b64", redirectUrl: `${checkout.url}/collector/t9` });
    expect(r).toMatchObject({ kind: "success", data: { html: "<p>acs</p>" } });
    expect(checkout.requests.at(-1)).toMatchObject({ path: "/collector/t9", fields: { body: "b64" } });
    await c.close();
    await checkout.close();
  });

  it("CAPTURE: urlencoded, amount string, CAPTURE hash with payer e-mail and card parts", async () => {
    reply({ action: "CAPTURE", result: "SUCCESS", status: "SETTLED", trans_id: "t1", rrn: "r" });
    const card = { bin6: "411111", last4: "1111" };
    const r = await client.capture({ transId: "t1", amount: money(700, "SAR"), payerEmail: "a@b.co", card });
    expect(r.kind).toBe("success");
    expect(last().contentType).toBe("application/x-www-form-urlencoded");
    expect(last().fields).toEqual({
      action: "CAPTURE",
      client_key: clientKey,
      trans_id: "t1",
      amount: "7.00",
      hash: captureHash({ email: "a@b.co", secret, transId: "t1", card }),
    });
  });

  it("CAPTURE and VOID sign with MERCHANT_EMAIL under GATEWAY_CAPTURE_HASH_EMAIL=merchant (the contract's 'merchant e-mail')", async () => {
    const profile = readGatewayProfile({ GATEWAY_CAPTURE_HASH_EMAIL: "merchant", MERCHANT_EMAIL: "billing@shop.example" });
    const c = createGatewayClient(testConfig(srv.url, { merchantSecret: secret, clientKey, profile }), { logger: silent });
    const card = { bin6: "411111", last4: "1111" };
    reply({ action: "CAPTURE", result: "SUCCESS", status: "SETTLED", trans_id: "t1" });
    await c.capture({ transId: "t1", amount: money(700, "SAR"), payerEmail: "a@b.co", card });
    expect(last().fields).toMatchObject({ hash: captureHash({ email: "billing@shop.example", secret, transId: "t1", card }) });
    reply({ action: "VOID", result: "SUCCESS", status: "VOID", trans_id: "t1" });
    await c.voidAuthorization({ transId: "t1", payerEmail: "a@b.co", card });
    expect(last().fields).toMatchObject({ hash: voidHash({ email: "billing@shop.example", secret, transId: "t1", card }) });
    await c.close();
  });

  it("VOID: urlencoded, no amount, CAPTURE formula", async () => {
    reply({ action: "VOID", result: "SUCCESS", status: "VOID", trans_id: "t1" });
    const card = { bin6: "512345", last4: "0008" };
    const r = await client.voidAuthorization({ transId: "t1", payerEmail: "a@b.co", card });
    expect(r.kind).toBe("success");
    expect(last().contentType).toBe("application/x-www-form-urlencoded");
    expect(last().fields).toEqual({
      action: "VOID",
      client_key: clientKey,
      trans_id: "t1",
      hash: voidHash({ email: "a@b.co", secret, transId: "t1", card }),
    });
  });

  it("CREDITVOID: urlencoded; the amount string sent is the string hashed (3-digit currency too)", async () => {
    reply({ result: "accepted", payment_id: "p1" });
    const r = await client.refund({ transId: "t1", amount: money(1_500, "KWD") });
    expect(r).toMatchObject({ kind: "success", data: { result: "accepted", payment_id: "p1" } });
    expect(last().contentType).toBe("application/x-www-form-urlencoded");
    expect(last().fields).toEqual({
      action: "CREDITVOID",
      client_key: clientKey,
      trans_id: "t1",
      amount: "1.500",
      hash: creditvoidHash({ transId: "t1", amount: "1.500", secret }),
    });
  });

  it("partial refund: JSON on /payment/refund with the configured merchant field name", async () => {
    reply({ statusCode: 200, responseBody: { result: "accepted", payment_id: "p2" } });
    const r = await client.partialRefund({ gwayId: "t1", orderId: "o1", amount: money(250, "SAR"), payerIp: "203.0.113.7" });
    expect(r).toMatchObject({ kind: "success", data: { payment_id: "p2" } });
    expect(last().path).toBe("/payment/refund");
    expect(last().contentType).toBe("application/json");
    expect(last().fields).toEqual({
      gwayId: "t1",
      order_id: "o1",
      brand_merchant_id: clientKey,
      hash: partialRefundHash({ gwayId: "t1", amount: "2.50", secret }),
      payer_ip: "203.0.113.7",
      amount: "2.50",
    });
  });

  it("RECURRING_SALE: urlencoded, whole-unit amount, recurring hash with order_id as order_number", async () => {
    reply({ result: "SUCCESS", message: "ok", transaction_id: "t9" });
    const r = await client.recurringSale({
      orderId: "o2",
      amount: money(2_000, "SAR"),
      firstTransId: "t1",
      recurringToken: "rt",
      description: "Monthly",
    });
    expect(r.kind).toBe("success");
    expect(last().contentType).toBe("application/x-www-form-urlencoded");
    expect(last().fields).toEqual({
      action: "RECURRING_SALE",
      client_key: clientKey,
      order_id: "o2",
      order_amount: "20",
      order_description: "Monthly",
      recurring_first_trans_id: "t1",
      recurring_token: "rt",
      hash: recurringSaleHash({ firstTransId: "t1", recurringToken: "rt", orderId: "o2", amount: "20", description: "Monthly", secret }),
    });
  });

  it("RECURRING_SALE refuses a fractional amount instead of rounding it (nothing is sent)", async () => {
    const before = srv.requests.length;
    await expect(
      client.recurringSale({ orderId: "o3", amount: money(2_050, "SAR"), firstTransId: "t1", recurringToken: "rt", description: "x" }),
    ).rejects.toBeInstanceOf(ZodError);
    expect(srv.requests.length).toBe(before);
  });

  it("payment status: JSON with merchant_id and gway_Payment_id spelled as on the wire", async () => {
    reply({ statusCode: 200, responseBody: { status: "settled", order: { number: "o1", amount: "10.00", currency: "SAR" } } });
    const r = await client.paymentStatus({ orderId: "o1", gwayPaymentId: "t1" });
    expect(r).toMatchObject({ kind: "success", data: { status: "settled" } });
    expect(last().path).toBe("/payment/status");
    expect(last().fields).toEqual({
      order_id: "o1",
      merchant_id: clientKey,
      gway_Payment_id: "t1",
      hash: statusHash({ gwayPaymentId: "t1", secret }),
    });
  });

  it("saved cards: GET with merchant_id and customer_reference; bare array answer", async () => {
    const cardRow = {
      id: 1,
      merchantId: clientKey,
      customerReference: "a+b@c.co",
      cardToken: "tok",
      maskedCardNumber: "411111******1111",
      cardBrand: "Visa",
      expiryMonth: "01",
      expiryYear: "38",
      isActive: true,
      createdAt: 1,
      updatedAt: 2,
    };
    reply([cardRow]);
    const r = await client.savedCards({ customerReference: "a+b@c.co" });
    expect(r).toEqual({ kind: "success", data: [cardRow], httpStatus: 200 });
    expect(last().method).toBe("GET");
    expect(last().path).toBe("/payment/saved-cards");
    expect(last().query).toEqual({ merchant_id: clientKey, customer_reference: "a+b@c.co" });
  });
});

describe("JSON interface operations (X-API-KEY, base path kept)", () => {
  const envelope = (data: unknown) => ({ code: 200, message: "Success", errorCode: null, data });

  it("initiate: JSON with customerDetails, numeric amount, auth Y/N", async () => {
    reply(envelope({ redirectUrl: "https://pay/x?sessionId=1" }));
    const r = await client.initiateCheckout({
      orderId: "o1",
      amount: money(10_050, "SAR"),
      customer: { name: "A", email: "a@b.co", phone: "+1" },
      auth: false,
      successUrl: "https://m/s",
      failureUrl: "https://m/f",
    });
    expect(r.kind).toBe("success");
    expect(last().path).toBe("/gw/api/v1/payment-gateway/initiate");
    expect(last().headers["x-api-key"]).toBe(apiKey);
    expect(last().contentType).toBe("application/json");
    expect(last().raw).toContain('"amount":100.5');
    expect(last().fields).toMatchObject({
      orderId: "o1",
      currency: "SAR",
      amount: 100.5,
      customerDetails: { name: "A", email: "a@b.co", phone: "+1" },
      auth: "N",
    });
  });

  it("S2S sale: JSON card object, paymentMethod card, hash with the API key as secret", async () => {
    reply(envelope({ result: "Pending", status: "SUCCESS", paymentId: "p", acquirerPaymentId: "a", html: "<html/>" }));
    const r = await client.s2sSale({
      orderId: "o1",
      amount: money(100, "SAR"),
      auth: true,
      card: { number: "5123 4500 0000 0008", expMonth: "01", expYear: "2038", cvv: "123" },
      customer: { name: "A", email: "a@b.co", phone: "+1" },
      successUrl: "https://m/s",
      failureUrl: "https://m/f",
    });
    expect(r).toMatchObject({ kind: "success", data: { result: "Pending", html: "<html/>" } });
    expect(last().path).toBe("/gw/api/v1/payment-gateway/s2s/sale");
    expect(last().headers["x-api-key"]).toBe(apiKey);
    expect(last().fields).toMatchObject({
      amount: 1,
      currency: "SAR",
      paymentMethod: "card",
      auth: "Y",
      card: { cardNumber: "5123450000000008", cardExpiryMonth: "01", cardExpiryYear: "2038", cardCvv: "123" },
      hash: s2sSaleHash({ email: "a@b.co", apiKey, card: cardPartsOf("5123450000000008") }),
    });
  });

  it("recurring v2: JSON with order object on /api/v2", async () => {
    reply({ statusCode: 200, responseBody: { result: "SUCCESS", status: "SUCCESS", payment_id: "p" } });
    const r = await client.recurringV2({
      transactionId: "x1",
      recurringToken: "rt",
      amount: money(1234, "SAR"),
      orderNumber: "o9",
      description: "d",
    });
    expect(r.kind).toBe("success");
    expect(last().path).toBe("/gw/api/v2/payment-gateway/recurring");
    expect(last().fields).toEqual({
      transactionId: "x1",
      recurringToken: "rt",
      amount: 12.34,
      order: { number: "o9", amount: 12.34, currency: "SAR", description: "d" },
    });
  });

  it("transaction details: GET with the id percent-encoded in the path", async () => {
    reply(
      envelope({
        transactionDetails: { transactionId: "a/b" },
        businessUnitHierarchy: { businessUnitId: "u", parent: null, children: null },
      }),
    );
    const r = await client.transactionDetails({ transactionId: "a/b" });
    expect(r.kind).toBe("success");
    expect(last().url).toBe("/gw/api/v1/transactions/a%2Fb/details");
    expect(last().headers["x-api-key"]).toBe(apiKey);
  });

  const role = { id: "r1", name: "Ops", description: "d", businessUnitId: "u", permissions: ["ROLES_MANAGE"] };

  it("role create / update / get: POST, PUT, GET on /roles/role", async () => {
    reply(envelope(role));
    expect(await client.createRole({ roleName: "Ops", description: "d", permissions: ["roles_manage"] })).toMatchObject({
      kind: "success",
      data: role,
    });
    expect([last().method, last().path]).toEqual(["POST", "/gw/api/v1/roles/role"]);
    expect(last().fields).toEqual({ roleName: "Ops", description: "d", permissions: ["roles_manage"] });
    await client.updateRole({ roleId: "r1", roleName: "Ops", description: "d", permissions: [] });
    expect([last().method, last().path]).toEqual(["PUT", "/gw/api/v1/roles/role/r1"]);
    expect(last().fields).toEqual({ roleName: "Ops", description: "d", permissions: [] });
    await client.getRole({ roleId: "r1" });
    expect([last().method, last().path, last().raw]).toEqual(["GET", "/gw/api/v1/roles/role/r1", ""]);
  });

  it("role search: query params; each content item's envelope is unwrapped to the role", async () => {
    reply(envelope({ content: [envelope(role)], number: 0, size: 10, totalElements: 1, totalPages: 1, hasContent: true }));
    const r = await client.searchRoles({ text: "Op" });
    expect(r).toMatchObject({ kind: "success", data: { content: [role], totalElements: 1 } });
    expect(last().query).toEqual({ text: "Op" });
    await client.searchRoles({ pageNumber: 2, pageSize: 5 });
    expect(last().query).toEqual({ pageNumber: "2", pageSize: "5" });
  });

  it("role create refuses duplicate permissions before sending (also two spellings of one name)", async () => {
    await expect(client.createRole({ roleName: "x", description: "", permissions: ["A", "A"] })).rejects.toThrow(ZodError);
    await expect(client.createRole({ roleName: "x", description: "", permissions: ["REFUNDS_CREATE", "refunds_create"] })).rejects.toThrow(
      ZodError,
    );
  });

  // Contract 2.10: input permissions are `<module>_<action>`; a gateway that compares exactly would ignore any other form.
  it("permissions go out in the contract's input form, lower case: the vocabulary's REFUNDS_CREATE is sent refunds_create", async () => {
    reply(envelope(role));
    await client.createRole({ roleName: "Ops", description: "d", permissions: ["REFUNDS_CREATE", "SAVED_CARDS_VIEW"] });
    expect(last().fields).toMatchObject({ permissions: ["refunds_create", "saved_cards_view"] });
    reply(envelope(role));
    await client.updateRole({ roleId: "r1", roleName: "Ops", description: "d", permissions: ["AUDIT_VIEW"] });
    expect(last().fields).toMatchObject({ permissions: ["audit_view"] });
    reply(envelope({ id: "u1", username: "a@b.co", phoneNumber: "+1", userType: "USER" }));
    await client.createUser({
      email: "a@b.co",
      businessUnitId: "bu",
      roles: ["Ops"],
      permissions: ["USERS_MANAGE"],
      userType: "USER",
      phoneNumber: "+1",
    });
    expect(last().fields).toMatchObject({ permissions: ["users_manage"] });
  });

  it("user create: JSON body as in 4.14", async () => {
    reply(envelope({ id: "u1", username: "a@b.co", phoneNumber: "+1", userType: "USER" }));
    const input = { email: "a@b.co", businessUnitId: "bu", roles: ["Ops"], userType: "USER" as const, phoneNumber: "+1" };
    expect((await client.createUser(input)).kind).toBe("success");
    expect(last().path).toBe("/gw/api/v1/users/user");
    expect(last().fields).toEqual(input);
  });

  it("branch search: pageNumber and pageSize always sent", async () => {
    reply(envelope({ content: [{ id: "b", name: "Main", nameAR: "الرئيسي", active: true }], number: 0, size: 10 }));
    const r = await client.searchBranches();
    expect(r.kind).toBe("success");
    expect(last().query).toEqual({ pageNumber: "0", pageSize: "10" });
    await client.searchBranches({ text: "Main", active: true, pageSize: 3 });
    expect(last().query).toEqual({ pageNumber: "0", pageSize: "3", text: "Main", active: "true" });
  });

  it("partner delete: DELETE with the id in the path; data is the confirmation string", async () => {
    reply(envelope("Partner p1 deleted"));
    expect(await client.deletePartner({ partnerId: "p1" })).toEqual({ kind: "success", data: "Partner p1 deleted", httpStatus: 200 });
    expect([last().method, last().path]).toEqual(["DELETE", "/gw/api/v1/partner/p1"]);
  });
});

describe("invalid input is a programming error", () => {
  it("rejects with a ZodError and sends nothing (bad card, non-integer money, bad e-mail)", async () => {
    const before = srv.requests.length;
    await expect(client.sale({ ...saleInput(), card: { number: "4111", expMonth: "13", expYear: "38", cvv: "1" } })).rejects.toThrow(
      ZodError,
    );
    await expect(client.refund({ transId: "t", amount: { minor: 1.5, currency: "SAR" } })).rejects.toThrow(ZodError);
    await expect(client.savedCards({ customerReference: "not-an-email" })).rejects.toThrow(ZodError);
    expect(srv.requests.length).toBe(before);
  });
});
