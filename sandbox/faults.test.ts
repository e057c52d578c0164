// Rules guarded: each injected fault does exactly what the control API promises, for the chosen operation only,
// for the chosen number of calls; "before" faults change nothing, "after" faults lose the reply of a done operation.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "./server";
import { creditvoid, pay, postJson, sale, start } from "../tests/support/sandbox-client.support";

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());
afterEach(async () => {
  await fetch(`${sb.url}/__sandbox/faults`, { method: "DELETE" });
});

const fault = (body: Record<string, unknown>) => postJson(sb, "/__sandbox/faults", body);
const paymentCount = () => Object.keys(sb.state.data.payments).length;

describe("faults", () => {
  it("latency delays the answer, then the call succeeds normally", async () => {
    expect((await fault({ operation: "sale", fault: "latency", latencyMs: 300, times: 1 })).status).toBe(201);
    const t0 = Date.now();
    const slow = await sale(sb);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(280);
    expect(slow.body.result).toBe("REDIRECT");
    const t1 = Date.now();
    await sale(sb);
    expect(Date.now() - t1).toBeLessThan(280);
  });

  it.each([
    ["http_500", 500],
    ["http_503", 503],
  ])("%s answers HTTP %i and creates nothing", async (kind, code) => {
    await fault({ operation: "sale", fault: kind });
    const before = paymentCount();
    const res = await fetch(`${sb.url}/payment/post`, { method: "POST", body: new URLSearchParams({ action: "SALE" }) });
    expect(res.status).toBe(code);
    expect(paymentCount()).toBe(before);
  });

  it("reset destroys the connection without an answer", async () => {
    await fault({ operation: "sale", fault: "reset", times: 1 });
    await expect(sale(sb)).rejects.toThrow();
    expect((await sale(sb)).body.result).toBe("REDIRECT");
  });

  it("malformed answers 200 with a body that is not valid JSON", async () => {
    await fault({ operation: "sale", fault: "malformed" });
    const res = await fetch(`${sb.url}/payment/post`, { method: "POST", body: new URLSearchParams({ action: "SALE" }) });
    expect(res.status).toBe(200);
    await expect(res.json()).rejects.toThrow();
  });

  it("wrong_shape answers 200 with valid JSON of the wrong shape", async () => {
    await fault({ operation: "status", fault: "wrong_shape" });
    const res = await postJson(sb, "/payment/status", {});
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).not.toHaveProperty("statusCode");
    expect(body).not.toHaveProperty("responseBody");
  });

  it("a fault hits only its operation; '*' hits every operation; times counts down; DELETE clears", async () => {
    await fault({ operation: "capture", fault: "http_500" });
    expect((await sale(sb)).status).toBe(200);
    await fetch(`${sb.url}/__sandbox/faults`, { method: "DELETE" });
    await fault({ operation: "*", fault: "http_503", times: 2 });
    expect((await fetch(`${sb.url}/payment/saved-cards?merchant_id=x&customer_reference=y`)).status).toBe(503);
    expect((await postJson(sb, "/payment/status", {})).status).toBe(503);
    expect((await postJson(sb, "/payment/status", {})).status).toBe(400);
    await fault({ operation: "*", fault: "http_500" });
    await fetch(`${sb.url}/__sandbox/faults`, { method: "DELETE" });
    expect((await postJson(sb, "/payment/status", {})).status).toBe(400);
  });

  it("phase 'after' runs the operation and then loses the reply (the refund happened)", async () => {
    const id = await pay(sb, { amount: "10.00" });
    await fault({ operation: "creditvoid", fault: "reset", times: 1, phase: "after" });
    await expect(creditvoid(sb, id, "4.00")).rejects.toThrow();
    expect(sb.state.payment(id)!.refundedMinor).toBe(400);
    expect((await creditvoid(sb, id, "6.01")).body.errors[0].error_code).toBe(100001);
  });

  it("control requests are validated", async () => {
    expect((await fault({ operation: "teleport", fault: "reset" })).status).toBe(400);
    expect((await fault({ operation: "sale", fault: "fire" })).status).toBe(400);
    expect((await fault({ operation: "sale", fault: "reset", times: 0 })).status).toBe(400);
    const list = await (await fetch(`${sb.url}/__sandbox/faults`)).json();
    expect(list).toEqual([]);
  });
});
