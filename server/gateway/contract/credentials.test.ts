// Contract (5.1, 5.2) against the real sandbox: every signed form call made with a wrong merchant secret is refused
// in its interface's error shape and changes nothing; a wrong merchant identifier is refused; the partial-refund
// merchant field's wire name is configurable (protocol notes). Threat guarded: a client that signs differently from
// the gateway (every call would fail in production) or that reports a refused call as anything but an error.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox } from "@/sandbox/server";
import { createLogger } from "../../log/logger";
import { createGatewayClient, type GatewayClient } from "../client";
import { saleInput, testConfig } from "../../../tests/support/gateway-fixtures.support";
import { completedSale, sar, statusOf } from "../../../tests/support/sandbox-flows.support";

let sb: Awaited<ReturnType<typeof startSandbox>>;
let client: GatewayClient;
let wrongSecret: GatewayClient;
let wrongKey: GatewayClient;
const silent = createLogger({ sink: () => {} });

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dataDir: null, callbackUrl: null });
  client = createGatewayClient(testConfig(sb.url), { logger: silent });
  wrongSecret = createGatewayClient(testConfig(sb.url, { merchantSecret: "wrong-merchant-secret" }), { logger: silent });
  wrongKey = createGatewayClient(testConfig(sb.url, { clientKey: "00000000-0000-4000-8000-000000000000" }), { logger: silent });
});
afterAll(async () => {
  await Promise.all([client, wrongSecret, wrongKey].map((c) => c.close()));
  await sb.close();
});

const invalidHashRow = { kind: "gateway_error", code: "ERROR", errorCode: "100000" };

describe("a wrong merchant secret: the hash does not match and nothing changes (5.2 rule 2)", { tags: ["gateway-profile"] }, () => {
  it("SALE", async () => {
    const r = await wrongSecret.sale(saleInput());
    expect(r).toMatchObject(invalidHashRow);
    if (r.kind === "gateway_error") expect(r.fieldErrors.map((e) => e.message)).toContain("Invalid Hash value");
  });

  it("token sale", async () => {
    const { card: _card, ...rest } = saleInput();
    expect(await wrongSecret.tokenSale({ ...rest, cardToken: "any-token" })).toMatchObject(invalidHashRow);
  });

  it("CAPTURE and VOID leave the authorization pending", async () => {
    const s = await completedSale(client, { auth: true });
    expect(await wrongSecret.capture({ transId: s.transId, amount: s.amount, payerEmail: s.payerEmail, card: s.card })).toMatchObject(
      invalidHashRow,
    );
    expect(await wrongSecret.voidAuthorization({ transId: s.transId, payerEmail: s.payerEmail, card: s.card })).toMatchObject(
      invalidHashRow,
    );
    expect(await statusOf(client, s)).toBe("PENDING");
  });

  it("CAPTURE signed for another payer e-mail or card is refused too", async () => {
    const s = await completedSale(client, { auth: true });
    expect(await client.capture({ transId: s.transId, amount: s.amount, payerEmail: "other@example.com", card: s.card })).toMatchObject(
      invalidHashRow,
    );
    expect(
      await client.capture({ transId: s.transId, amount: s.amount, payerEmail: s.payerEmail, card: { bin6: "512345", last4: "0008" } }),
    ).toMatchObject(invalidHashRow);
  });

  it("CREDITVOID and partial refund refund nothing", async () => {
    const s = await completedSale(client, { minor: 5_000 });
    expect(await wrongSecret.refund({ transId: s.transId, amount: sar(1_000), payerEmail: s.payerEmail, card: s.card })).toMatchObject(
      invalidHashRow,
    );
    const p = await wrongSecret.partialRefund({ gwayId: s.transId, orderId: s.orderId, amount: sar(1_000), payerIp: "203.0.113.7" });
    expect(p).toMatchObject({ kind: "gateway_error", httpStatus: 400, code: "400", message: "Invalid Hash value" });
    const d = await client.transactionDetails({ transactionId: s.transId });
    expect(d).toMatchObject({ kind: "success", data: { transactionDetails: { totalRefundAmount: "0.00" } } });
  });

  it("payment status", async () => {
    const s = await completedSale(client);
    expect(await wrongSecret.paymentStatus({ orderId: s.orderId, gwayPaymentId: s.transId })).toMatchObject({
      kind: "gateway_error",
      code: "400",
      message: "Invalid Hash value",
    });
  });
});

describe("a wrong merchant identifier (client_key / merchant_id) is refused", { tags: ["gateway-profile"] }, () => {
  it("SALE → 204002 'Invalid Client Key / Merchant ID'", async () => {
    expect(await wrongKey.sale(saleInput())).toMatchObject({
      kind: "gateway_error",
      errorCode: "204002",
      message: "Invalid Client Key / Merchant ID",
    });
  });

  it("status and saved cards", async () => {
    const s = await completedSale(client);
    expect(await wrongKey.paymentStatus({ orderId: s.orderId, gwayPaymentId: s.transId })).toMatchObject({
      kind: "gateway_error",
      code: "400",
    });
    expect(await wrongKey.savedCards({ customerReference: s.payerEmail })).toMatchObject({ kind: "gateway_error", httpStatus: 400 });
  });
});

describe("the partial-refund merchant field's wire name is configurable", { tags: ["gateway-profile"] }, () => {
  it("a gateway expecting `sbx_merchant_id` accepts a client configured with it and refuses the default name", async () => {
    const other = await startSandbox({ port: 0, dataDir: null, callbackUrl: null, partialRefundMerchantField: "sbx_merchant_id" });
    const good = createGatewayClient(testConfig(other.url, { partialRefundMerchantField: "sbx_merchant_id" }), { logger: silent });
    const bad = createGatewayClient(testConfig(other.url), { logger: silent });
    try {
      const s = await completedSale(good, { minor: 5_000 });
      const refused = await bad.partialRefund({ gwayId: s.transId, orderId: s.orderId, amount: sar(1_000), payerIp: "203.0.113.7" });
      expect(refused).toMatchObject({ kind: "gateway_error", code: "400" });
      const ok = await good.partialRefund({ gwayId: s.transId, orderId: s.orderId, amount: sar(1_000), payerIp: "203.0.113.7" });
      expect(ok).toMatchObject({ kind: "success", data: { result: "accepted" } });
    } finally {
      await Promise.all([good.close(), bad.close()]);
      await other.close();
    }
  });
});
