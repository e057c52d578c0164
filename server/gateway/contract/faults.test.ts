// Transport rules against the real sandbox's fault injection: a money-moving call is sent exactly once and, when
// its answer is lost or unreadable, reports outcomeUnknown so that the caller reconciles by a status query; a read
// retries and recovers from a transient fault. Threat guarded: a retried refund or capture moving money twice, or
// a lost answer being taken as "nothing happened".
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startSandbox } from "@/sandbox/server";
import { createLogger } from "../../log/logger";
import { createGatewayClient, type GatewayClient } from "../client";
import { saleInput, testConfig } from "../../../tests/support/gateway-fixtures.support";
import { completedSale, sandboxControl, sar, statusOf, type FaultKind } from "../../../tests/support/sandbox-flows.support";

let sb: Awaited<ReturnType<typeof startSandbox>>;
let client: GatewayClient;
let control: ReturnType<typeof sandboxControl>;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dataDir: null, callbackUrl: null });
  client = createGatewayClient(testConfig(sb.url, { requestTimeoutMs: 800 }), { logger: createLogger({ sink: () => {} }) });
  control = sandboxControl(sb.url);
});
afterEach(() => control.clearFaults());
afterAll(async () => {
  await client.close();
  await sb.close();
});

/** The faults that break an answer (result_word gives one of the right shape: below). */
type BrokenAnswer = Exclude<FaultKind, "latency" | "result_word">;
const REASON: Record<BrokenAnswer, string> = {
  http_500: "http_status",
  http_503: "http_status",
  reset: "reset",
  malformed: "bad_body",
  wrong_shape: "schema",
};

/** Uses left on the fault rule of `operation` (null when the rule is gone). */
async function remaining(operation: string): Promise<number | null> {
  const rule = (await control.listFaults()).find((r) => r.operation === operation);
  return rule ? rule.remaining : null;
}

async function refunded(transId: string): Promise<string> {
  const d = await client.transactionDetails({ transactionId: transId });
  if (d.kind !== "success") throw new Error("details");
  return d.data.transactionDetails.totalRefundAmount!;
}

describe.each(Object.keys(REASON) as BrokenAnswer[])("fault %s", (fault) => {
  it("on a money call (CREDITVOID): sent once, outcomeUnknown true; reconciled by a details query", async () => {
    const s = await completedSale(client, { minor: 5_000 });
    await control.addFault({ operation: "creditvoid", fault, times: 2 });
    const r = await client.refund({ transId: s.transId, amount: sar(1_000), payerEmail: s.payerEmail, card: s.card });
    expect(r).toMatchObject({ kind: "transport", reason: REASON[fault], outcomeUnknown: true });
    expect(await remaining("creditvoid")).toBe(1); // one of two uses consumed: exactly one request arrived
    await control.clearFaults();
    expect(await refunded(s.transId)).toBe("0.00"); // fault before the handler: nothing was refunded
  });

  it("on a read (status): retried, recovers when the fault happens once", async () => {
    const s = await completedSale(client);
    await control.addFault({ operation: "status", fault, times: 1 });
    expect(await client.paymentStatus({ orderId: s.orderId, gwayPaymentId: s.transId })).toMatchObject({
      kind: "success",
      data: { status: "settled" },
    });
    expect(await remaining("status")).toBeNull();
  });

  it("on a read that keeps failing: 3 attempts, then a transport failure that is never outcome-unknown", async () => {
    const s = await completedSale(client);
    await control.addFault({ operation: "status", fault, times: 5 });
    const r = await client.paymentStatus({ orderId: s.orderId, gwayPaymentId: s.transId });
    expect(r).toMatchObject({ kind: "transport", reason: REASON[fault], outcomeUnknown: false });
    expect(await remaining("status")).toBe(2);
  });
});

describe("fault latency", () => {
  it("a money call slower than the timeout: outcomeUnknown true, and the refund DID happen (why reconciling matters)", async () => {
    const s = await completedSale(client, { minor: 5_000 });
    // Held until the client gives up (at most 15 s), then done: a fixed 2 s delay raced the client's 800 ms timeout,
    // which a loaded machine can fire late.
    await control.addFault({ operation: "creditvoid", fault: "latency", latencyMs: 15_000, untilClientGone: true, times: 2 });
    const r = await client.refund({ transId: s.transId, amount: sar(1_000), payerEmail: s.payerEmail, card: s.card });
    expect(r).toMatchObject({ kind: "transport", reason: "timeout", outcomeUnknown: true });
    expect(await remaining("creditvoid")).toBe(1);
    await control.clearFaults();
    await expect.poll(() => refunded(s.transId), { timeout: 5_000, interval: 200 }).toBe("10.00");
  });

  it("a read slower than the timeout once: retried and recovered", async () => {
    const s = await completedSale(client);
    await control.addFault({ operation: "status", fault: "latency", latencyMs: 2_000, times: 1 });
    expect(await client.paymentStatus({ orderId: s.orderId, gwayPaymentId: s.transId })).toMatchObject({ kind: "success" });
  });

  it("a short latency under the timeout is just slow", async () => {
    const s = await completedSale(client, { auth: true });
    await control.addFault({ operation: "capture", fault: "latency", latencyMs: 100, times: 1 });
    expect((await client.capture({ transId: s.transId, amount: s.amount, payerEmail: s.payerEmail, card: s.card })).kind).toBe("success");
  });
});

describe("answer lost after the gateway acted (phase after)", () => {
  it("CAPTURE whose answer is a 500: outcomeUnknown true, sent once; the status query shows it settled", async () => {
    const s = await completedSale(client, { auth: true });
    await control.addFault({ operation: "capture", fault: "http_500", times: 2, phase: "after" });
    const r = await client.capture({ transId: s.transId, amount: s.amount, payerEmail: s.payerEmail, card: s.card });
    expect(r).toMatchObject({ kind: "transport", reason: "http_status", outcomeUnknown: true, httpStatus: 500 });
    expect(await remaining("capture")).toBe(1);
    await control.clearFaults();
    expect(await statusOf(client, s)).toBe("settled");
  });

  it("SALE whose connection is reset after it was processed: outcomeUnknown true", async () => {
    await control.addFault({ operation: "sale", fault: "reset", times: 1, phase: "after" });
    expect(await client.sale(saleInput())).toMatchObject({ kind: "transport", reason: "reset", outcomeUnknown: true });
  });
});

// Rule guarded: only documented success words move money. An answer of the right shape whose words do not confirm
// the operation (the family's UNDEFINED, a capture "SUCCESS" still PENDING, a refund that is not "accepted") is an
// outcome-unknown failure: sent once, never a success, and what really happened is asked of the gateway.
describe("fault result_word: a readable answer that confirms nothing", () => {
  type MoneyCall = (s: Awaited<ReturnType<typeof completedSale>>) => Promise<{ kind: string }>;
  const CALLS: Array<{ operation: string; auth: boolean; call: MoneyCall; result: string; status?: string | null }> = [
    {
      operation: "capture",
      auth: true,
      result: "SUCCESS",
      status: "PENDING",
      call: (s) => client.capture({ transId: s.transId, amount: s.amount, payerEmail: s.payerEmail, card: s.card }),
    },
    {
      operation: "void",
      auth: true,
      result: "UNDEFINED",
      status: null,
      call: (s) => client.voidAuthorization({ transId: s.transId, payerEmail: s.payerEmail, card: s.card }),
    },
    {
      operation: "creditvoid",
      auth: false,
      result: "SUCCESS",
      call: (s) => client.refund({ transId: s.transId, amount: s.amount, payerEmail: s.payerEmail, card: s.card }),
    },
    {
      operation: "partial_refund",
      auth: false,
      result: "UNDEFINED",
      call: (s) => client.partialRefund({ gwayId: s.transId, orderId: s.orderId, amount: sar(1_000), payerIp: "203.0.113.7" }),
    },
  ];

  it.each(CALLS)("$operation answered $result / $status after acting: unconfirmed, outcome unknown, sent once", async (c) => {
    const s = await completedSale(client, { minor: 5_000, auth: c.auth });
    await control.addFault({ operation: c.operation, fault: "result_word", result: c.result, status: c.status, times: 2, phase: "after" });
    const r = await c.call(s);
    expect(r).toMatchObject({ kind: "transport", reason: "unconfirmed", outcomeUnknown: true, httpStatus: 200 });
    expect(await remaining(c.operation)).toBe(1);
  });

  it("the status query then tells what the gateway did (a capture answered UNDEFINED had settled)", async () => {
    const s = await completedSale(client, { auth: true });
    await control.addFault({ operation: "capture", fault: "result_word", result: "UNDEFINED", times: 1, phase: "after" });
    const r = await client.capture({ transId: s.transId, amount: s.amount, payerEmail: s.payerEmail, card: s.card });
    expect(r).toMatchObject({ kind: "transport", reason: "unconfirmed", answer: { result: "UNDEFINED", trans_id: s.transId } });
    expect(await statusOf(client, s)).toBe("settled");
  });
});
