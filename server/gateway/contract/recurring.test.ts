// Contract (4.6, 4.11, 5.2, 7, 8) against the real sandbox: a recurring initialization followed by unscheduled
// charges through both recurring interfaces, their declines, the invalid-hash row, and whole-unit amounts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { startSandbox } from "@/sandbox/server";
import { createLogger } from "../../log/logger";
import { createGatewayClient, type GatewayClient } from "../client";
import { testConfig, uniqueId } from "../../../tests/support/gateway-fixtures.support";
import { completedSale, sandboxControl, sar, statusOf } from "../../../tests/support/sandbox-flows.support";

let sb: Awaited<ReturnType<typeof startSandbox>>;
let client: GatewayClient;
let control: ReturnType<typeof sandboxControl>;
const silent = createLogger({ sink: () => {} });

/** A settled initial payment made with recurring_init=Y, and its recurring token (from the details record). */
/** What the profile may sign RECURRING_SALE with (#16): the first payment's order id, payer e-mail and card. */
function bindingOf(first: { orderId: string; payerEmail: string; card: { bin6: string; last4: string } }) {
  return { firstOrderId: first.orderId, payerEmail: first.payerEmail, card: first.card };
}

async function recurringInit() {
  const first = await completedSale(client, { recurringInit: true, minor: 3_000 });
  const d = await client.transactionDetails({ transactionId: first.transId });
  if (d.kind !== "success") throw new Error("details");
  const token = d.data.transactionDetails.recurringToken;
  expect(token).toEqual(expect.any(String));
  return { first, token: token! };
}

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dataDir: null, callbackUrl: null });
  client = createGatewayClient(testConfig(sb.url), { logger: silent });
  control = sandboxControl(sb.url);
});
afterAll(async () => {
  await client.close();
  await sb.close();
});

describe("RECURRING_SALE (4.6)", { tags: ["gateway-profile"] }, () => {
  it("charges the first payment's card under a new order id; the new transaction is settled", async () => {
    const { first, token } = await recurringInit();
    const orderId = uniqueId("rec");
    const r = await client.recurringSale({
      orderId,
      amount: sar(2_000),
      firstTransId: first.transId,
      ...bindingOf(first),
      recurringToken: token,
      description: "Monthly plan",
      payerIp: "203.0.113.7",
    });
    expect(r).toMatchObject({ kind: "success", data: { result: "SUCCESS", transaction_id: expect.any(String) } });
    if (r.kind !== "success") return;
    expect(await statusOf(client, { orderId, transId: r.data.transaction_id! })).toBe("settled");
    const d = await client.transactionDetails({ transactionId: r.data.transaction_id! });
    expect(d).toMatchObject({ kind: "success", data: { transactionDetails: { amount: "20.00", orderId } } });
  });

  it("a forced decline comes back as declined with the message as reason", async () => {
    const { first, token } = await recurringInit();
    await control.declineNext(token);
    const r = await client.recurringSale({
      orderId: uniqueId("rec"),
      amount: sar(1_000),
      firstTransId: first.transId,
      ...bindingOf(first),
      recurringToken: token,
      description: "Monthly",
    });
    expect(r).toMatchObject({ kind: "declined", declineReason: "Insufficient funds", data: { result: "DECLINED" } });
  });

  it("an invalid hash → {statusCode: 400, responseBody: 'Invalid Hash value'} (section 7)", async () => {
    const { first, token } = await recurringInit();
    const wrong = createGatewayClient(testConfig(sb.url, { merchantSecret: "not-the-secret" }), { logger: silent });
    try {
      const r = await wrong.recurringSale({
        orderId: uniqueId("rec"),
        amount: sar(1_000),
        firstTransId: first.transId,
        ...bindingOf(first),
        recurringToken: token,
        description: "x",
      });
      expect(r).toEqual({
        kind: "gateway_error",
        httpStatus: 400,
        code: "400",
        errorCode: null,
        message: "Invalid Hash value",
        fieldErrors: [],
      });
    } finally {
      await wrong.close();
    }
  });

  it("a token that does not belong to recurring_first_trans_id is refused", async () => {
    const a = await recurringInit();
    const b = await recurringInit();
    const r = await client.recurringSale({
      orderId: uniqueId("rec"),
      amount: sar(1_000),
      firstTransId: a.first.transId,
      firstOrderId: a.first.orderId,
      // Signed with b's payer and card (what a family-profile hash covers), so that only the ids disagree.
      payerEmail: b.first.payerEmail,
      card: b.first.card,
      recurringToken: b.token,
      description: "x",
    });
    expect(r).toMatchObject({ kind: "gateway_error", code: "ERROR" });
  });

  it("a fractional amount is refused by the client before sending (whole digits only, contract 8)", async () => {
    const { first, token } = await recurringInit();
    await expect(
      client.recurringSale({
        orderId: uniqueId("rec"),
        amount: sar(1_050),
        firstTransId: first.transId,
        ...bindingOf(first),
        recurringToken: token,
        description: "x",
      }),
    ).rejects.toBeInstanceOf(ZodError);
  });
});

describe("recurring v2 (4.11)", { tags: ["gateway-profile"] }, () => {
  it("charges with the token; wrapper {statusCode 200, responseBody {result, status, payment_id}}", async () => {
    const { token } = await recurringInit();
    const orderNumber = uniqueId("v2");
    const r = await client.recurringV2({
      transactionId: uniqueId("tx"),
      recurringToken: token,
      amount: sar(1_050),
      orderNumber,
      description: "Usage",
    });
    expect(r).toMatchObject({ kind: "success", data: { result: "SUCCESS", status: "SUCCESS", payment_id: expect.any(String) } });
    if (r.kind !== "success") return;
    const d = await client.transactionDetails({ transactionId: r.data.payment_id! });
    expect(d).toMatchObject({ kind: "success", data: { transactionDetails: { amount: "10.50", orderId: orderNumber } } });
  });

  it("a forced decline comes back as declined", async () => {
    const { token } = await recurringInit();
    await control.declineNext(token);
    const r = await client.recurringV2({
      transactionId: uniqueId("tx"),
      recurringToken: token,
      amount: sar(500),
      orderNumber: uniqueId("v2"),
      description: "Usage",
    });
    expect(r).toMatchObject({ kind: "declined", data: { result: "DECLINED" } });
  });

  it("an unknown token → gateway_error from the wrapper (400)", async () => {
    const r = await client.recurringV2({
      transactionId: uniqueId("tx"),
      recurringToken: "unknown-token",
      amount: sar(500),
      orderNumber: uniqueId("v2"),
      description: "x",
    });
    expect(r).toMatchObject({ kind: "gateway_error", code: "400" });
  });
});
