// Rules guarded: each injected fault does exactly what the control API promises, for the chosen operation only,
// for the chosen number of calls; "before" faults change nothing, "after" faults lose the reply of a done operation.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "./server";
import {
  capture,
  creditvoid,
  orderOf,
  partialRefund,
  pay,
  postJson,
  sale,
  saleFields,
  start,
} from "../tests/support/sandbox-client.support";

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
/** A sale whose client gives up after `ms` (as the dashboard's gateway client does at its timeout). */
const postJsonAborting = (ms: number) => {
  const body = new FormData(); // SALE is multipart (4.1)
  for (const [k, v] of Object.entries(saleFields())) body.append(k, v);
  return fetch(`${sb.url}/payment/post`, { method: "POST", body, signal: AbortSignal.timeout(ms) });
};

describe("faults", () => {
  it("latency delays the answer, then the call succeeds normally; the rule is used up after its one call", async () => {
    expect((await fault({ operation: "sale", fault: "latency", latencyMs: 300, times: 1 })).status).toBe(201);
    const t0 = Date.now();
    const slow = await sale(sb);
    // A timer never fires early: the answer waited at least the latency (a lower bound holds on any machine).
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    expect(slow.body.result).toBe("REDIRECT");
    // The next call is not delayed: the rule is gone (rather than timing the next call, which a busy machine slows).
    expect(await (await fetch(`${sb.url}/__sandbox/faults`)).json()).toEqual([]);
    expect((await sale(sb)).body.result).toBe("REDIRECT");
  });

  it("untilClientGone: the answer waits for the client to give up, then the work is done (the client's timeout always wins)", async () => {
    const rule = await fault({ operation: "sale", fault: "latency", latencyMs: 60_000, untilClientGone: true, times: 1 });
    expect(await rule.json()).toMatchObject({ untilClientGone: true, latencyMs: 60_000 });
    const before = paymentCount();
    const gaveUp = await postJsonAborting(200).catch((e: unknown) => e);
    expect((gaveUp as Error).name).toBe("TimeoutError");
    // Done after the client left, not after the 60 s cap (the test's own timeout is 30 s).
    await expect.poll(paymentCount, { timeout: 20_000 }).toBe(before + 1);
  });

  it("untilReleased: the answer waits, counted as held, until released; then the call completes normally", async () => {
    const rule = await fault({ operation: "sale", fault: "latency", latencyMs: 60_000, untilReleased: true, times: 1 });
    expect(await rule.json()).toMatchObject({ untilReleased: true, latencyMs: 60_000 });
    const held = async () => ((await (await fetch(`${sb.url}/__sandbox/faults/held`)).json()) as { held: number }).held;
    const before = paymentCount();
    let answered = false;
    const pending = sale(sb).then((r) => {
      answered = true;
      return r;
    });
    // Held however long the test takes to look: nothing is answered and nothing is done until the release.
    await expect.poll(held, { timeout: 20_000 }).toBe(1);
    expect(answered).toBe(false);
    expect(paymentCount()).toBe(before);
    const released = await postJson(sb, "/__sandbox/faults/release", {});
    expect(await released.json()).toEqual({ released: 1 });
    expect((await pending).body.result).toBe("REDIRECT");
    expect(paymentCount()).toBe(before + 1);
    expect(await held()).toBe(0);
  });

  it("clearing the faults lets held answers go: nothing stays stuck after a test's clean-up", async () => {
    await fault({ operation: "sale", fault: "latency", latencyMs: 60_000, untilReleased: true, times: 1 });
    const pending = sale(sb);
    await expect
      .poll(async () => ((await (await fetch(`${sb.url}/__sandbox/faults/held`)).json()) as { held: number }).held, { timeout: 20_000 })
      .toBe(1);
    await fetch(`${sb.url}/__sandbox/faults`, { method: "DELETE" });
    expect((await pending).body.result).toBe("REDIRECT");
  });

  it("untilReleased is refused on anything but the latency fault, beside untilClientGone, or as a non-boolean", async () => {
    expect((await fault({ operation: "sale", fault: "http_500", untilReleased: true })).status).toBe(400);
    expect((await fault({ operation: "sale", fault: "latency", untilReleased: 1 })).status).toBe(400);
    expect((await fault({ operation: "sale", fault: "latency", untilReleased: true, untilClientGone: true })).status).toBe(400);
  });

  it("untilClientGone is refused on anything but the latency fault, and must be a boolean", async () => {
    expect((await fault({ operation: "sale", fault: "http_500", untilClientGone: true })).status).toBe(400);
    expect((await fault({ operation: "sale", fault: "latency", untilClientGone: "yes" })).status).toBe(400);
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

  // An answer a client must not book as money moved: the right shape, with a word the contract does not call success.
  it("result_word 'after' does the operation and answers its own fields with the result (and status) replaced", async () => {
    const id = await pay(sb, { amount: "10.00", auth: true });
    await fault({ operation: "capture", fault: "result_word", result: "UNDEFINED", status: null, times: 1, phase: "after" });
    const r = await capture(sb, id, "10.00");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ action: "CAPTURE", result: "UNDEFINED", trans_id: id });
    expect(r.body).not.toHaveProperty("status");
    expect(sb.state.payment(id)!.capturedMinor).toBe(1000);
  });

  it("result_word 'after' replaces the word inside the wrapper of a partial refund; the refund happened", async () => {
    const id = await pay(sb, { amount: "10.00" });
    await fault({ operation: "partial_refund", fault: "result_word", result: "SUCCESS", status: "PENDING", times: 1, phase: "after" });
    const r = await partialRefund(sb, id, orderOf(sb, id), "3.00");
    expect(r.body).toMatchObject({ statusCode: 200, responseBody: { result: "SUCCESS", status: "PENDING" } });
    expect(typeof (r.body.responseBody as Record<string, unknown>).payment_id).toBe("string");
    expect(sb.state.payment(id)!.refundedMinor).toBe(300);
  });

  it("result_word 'before' changes nothing and answers only the word, in the operation's usual shape", async () => {
    const id = await pay(sb, { amount: "10.00" });
    await fault({ operation: "partial_refund", fault: "result_word", result: "UNDEFINED", times: 1 });
    expect((await partialRefund(sb, id, orderOf(sb, id), "3.00")).body).toEqual({ statusCode: 200, responseBody: { result: "UNDEFINED" } });
    await fault({ operation: "creditvoid", fault: "result_word", result: "PROCESSING", status: "PENDING", times: 1 });
    expect((await creditvoid(sb, id, "10.00")).body).toEqual({ result: "PROCESSING", status: "PENDING" });
    expect(sb.state.payment(id)!.refundedMinor).toBe(0);
  });

  it("result_word needs a result word; result and status belong to it alone", async () => {
    expect((await fault({ operation: "capture", fault: "result_word" })).status).toBe(400);
    expect((await fault({ operation: "capture", fault: "result_word", result: "x".repeat(41) })).status).toBe(400);
    expect((await fault({ operation: "capture", fault: "result_word", result: "UNDEFINED", status: 7 })).status).toBe(400);
    expect((await fault({ operation: "capture", fault: "reset", result: "UNDEFINED" })).status).toBe(400);
    expect(await (await fetch(`${sb.url}/__sandbox/faults`)).json()).toEqual([]);
  });

  it("control requests are validated", async () => {
    expect((await fault({ operation: "teleport", fault: "reset" })).status).toBe(400);
    expect((await fault({ operation: "sale", fault: "fire" })).status).toBe(400);
    expect((await fault({ operation: "sale", fault: "reset", times: 0 })).status).toBe(400);
    const list = await (await fetch(`${sb.url}/__sandbox/faults`)).json();
    expect(list).toEqual([]);
  });
});
