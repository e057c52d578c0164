// Rules guarded (transport): reads retry at most 3 times with full-jitter backoff on transport failures and 5xx
// only; money-moving calls are sent exactly once and report outcomeUnknown when the request may have arrived;
// a refused connection is outcomeUnknown false; redirects are never followed; the logger and the call recorder
// never see a card number, CVV or API key; a failing recorder never breaks a call; the gateway calls of one
// request end by one overall deadline, retries included. Real HTTP on 127.0.0.1.
import { createServer } from "node:http";
import { createServer as createNetServer, type AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { money } from "@/lib/money";
import { createLogger, memorySink } from "../log/logger";
import { createGatewayClient, type GatewayClient, type GatewayClientDeps } from "./client";
import type { GatewayCallRecord } from "./result";
import { backoffDelay } from "./transport";
import { runWithRequestContext } from "../log/request-context";
import { startCaptureServer, type CaptureServer, type Reply } from "../../tests/support/capture-server.support";
import { saleInput, testConfig } from "../../tests/support/gateway-fixtures.support";

let srv: CaptureServer;
const clients: GatewayClient[] = [];
const silent = createLogger({ sink: () => {} });

function makeClient(
  over: { requestTimeoutMs?: number; connectTimeoutMs?: number; deadlineMs?: number; baseUrl?: string } = {},
  deps: GatewayClientDeps = {},
) {
  const sleeps: number[] = [];
  const c = createGatewayClient(
    testConfig(over.baseUrl ?? srv.url, {
      requestTimeoutMs: over.requestTimeoutMs ?? 3000,
      connectTimeoutMs: over.connectTimeoutMs ?? 2000,
      ...(over.deadlineMs ? { deadlineMs: over.deadlineMs } : {}),
    }),
    {
      logger: silent,
      random: () => 0.5,
      sleep: async (ms) => void sleeps.push(ms),
      ...deps,
    },
  );
  clients.push(c);
  return { c, sleeps };
}

/** Fail the first `n` requests with `failure`, then answer `ok`. */
function failFirst(n: number, failure: Reply, ok: Reply) {
  let seen = 0;
  srv.handle(() => (seen++ < n ? failure : ok));
}

const statusOk: Reply = { body: { statusCode: 200, responseBody: { status: "settled" } } };
const captureOk: Reply = { body: { result: "SUCCESS", status: "SETTLED", trans_id: "t1" } };
const captureInput = { transId: "t1", amount: money(100, "SAR"), payerEmail: "a@b.co", card: { bin6: "411111", last4: "1111" } };

beforeAll(async () => {
  srv = await startCaptureServer();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  srv.requests.length = 0;
});
afterAll(() => srv.close());

describe("retry policy", () => {
  it("full jitter: delay is uniform in [0, min(cap, base·2^(n−1)))", () => {
    expect([1, 2, 3].map((n) => backoffDelay(n, () => 0.5))).toEqual([50, 100, 200]);
    expect(backoffDelay(1, () => 0)).toBe(0);
    expect(backoffDelay(20, () => 0.999)).toBeLessThan(2000);
  });

  it("a read retries on 5xx and recovers; the jittered delays are slept between attempts", async () => {
    const { c, sleeps } = makeClient();
    failFirst(2, { status: 503, text: "busy" }, statusOk);
    const r = await c.paymentStatus({ orderId: "o", gwayPaymentId: "t" });
    expect(r).toMatchObject({ kind: "success", data: { status: "settled" } });
    expect(srv.requests).toHaveLength(3);
    expect(sleeps).toEqual([50, 100]);
  });

  it("a read makes at most 3 attempts, then reports the transport failure (outcomeUnknown false)", async () => {
    const { c } = makeClient();
    srv.handle(() => ({ status: 500, text: "down" }));
    const r = await c.searchBranches();
    expect(r).toMatchObject({ kind: "transport", reason: "http_status", outcomeUnknown: false, httpStatus: 500 });
    expect(srv.requests).toHaveLength(3);
  });

  it("a read retries on an unparsable body and on a reset", async () => {
    const { c } = makeClient();
    failFirst(1, { text: "{oops" }, statusOk);
    expect((await c.paymentStatus({ orderId: "o", gwayPaymentId: "t" })).kind).toBe("success");
    srv.requests.length = 0;
    failFirst(1, "reset", statusOk);
    expect((await c.paymentStatus({ orderId: "o", gwayPaymentId: "t" })).kind).toBe("success");
    expect(srv.requests).toHaveLength(2);
  });

  it("a read does not retry a gateway error (4xx): it would fail the same way", async () => {
    const { c } = makeClient();
    srv.handle(() => ({ status: 404, body: { code: 404, message: "not found", errorCode: "404", data: null } }));
    expect((await c.getRole({ roleId: "r" })).kind).toBe("gateway_error");
    expect(srv.requests).toHaveLength(1);
  });

  it("a money call is never retried: a 5xx is sent once and leaves the outcome unknown", async () => {
    const { c, sleeps } = makeClient();
    failFirst(1, { status: 503, text: "busy" }, captureOk);
    const r = await c.capture(captureInput);
    expect(r).toMatchObject({ kind: "transport", reason: "http_status", outcomeUnknown: true, httpStatus: 503 });
    expect(srv.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("a money call with an unparsable or wrongly shaped answer is sent once, outcome unknown", async () => {
    const { c } = makeClient();
    srv.handle(() => ({ text: "<html>oops" }));
    expect(await c.refund({ transId: "t", amount: money(1, "SAR") })).toMatchObject({
      kind: "transport",
      reason: "bad_body",
      outcomeUnknown: true,
    });
    srv.handle(() => ({ body: { hello: "world" } }));
    expect(await c.refund({ transId: "t", amount: money(1, "SAR") })).toMatchObject({
      kind: "transport",
      reason: "schema",
      outcomeUnknown: true,
    });
    expect(srv.requests).toHaveLength(2);
  });
});

describe("timeouts, resets, refused connections", () => {
  it("a money call that times out waiting for the answer: outcomeUnknown true, sent once", async () => {
    const { c } = makeClient({ requestTimeoutMs: 200 });
    srv.handle(() => "hang");
    const r = await c.sale(saleInput());
    expect(r).toMatchObject({ kind: "transport", reason: "timeout", outcomeUnknown: true });
    expect(srv.requests).toHaveLength(1);
  });

  it("a read that times out is retried (3 attempts) and is never outcome-unknown", async () => {
    const { c } = makeClient({ requestTimeoutMs: 150 });
    srv.handle(() => "hang");
    const r = await c.savedCards({ customerReference: "a@b.co" });
    expect(r).toMatchObject({ kind: "transport", reason: "timeout", outcomeUnknown: false });
    expect(srv.requests).toHaveLength(3);
  });

  it("a connection reset after the request was sent: money call outcomeUnknown true", async () => {
    const { c } = makeClient();
    srv.handle(() => "reset");
    expect(await c.capture(captureInput)).toMatchObject({ kind: "transport", reason: "reset", outcomeUnknown: true });
    expect(srv.requests).toHaveLength(1);
  });

  it("connection refused: nothing was sent, outcomeUnknown false", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const { c } = makeClient({ baseUrl: `http://127.0.0.1:${port}` });
    expect(await c.capture(captureInput)).toMatchObject({ kind: "transport", reason: "connect", outcomeUnknown: false });
  });

  it("connect timeout (a TLS handshake that never completes): outcomeUnknown false", async () => {
    // A TCP listener that accepts and stays silent: the TLS handshake, part of connecting, never finishes.
    const silentTcp = createNetServer(() => {});
    await new Promise<void>((r) => silentTcp.listen(0, "127.0.0.1", r));
    const port = (silentTcp.address() as AddressInfo).port;
    try {
      const { c } = makeClient({ baseUrl: `https://127.0.0.1:${port}`, connectTimeoutMs: 200 });
      const t0 = Date.now();
      const r = await c.refund({ transId: "t", amount: money(1, "SAR") });
      expect(r).toMatchObject({ kind: "transport", reason: "connect", outcomeUnknown: false });
      // Well under undici's own 10 s connect timeout: the 200 ms one applied (the margin is for a busy machine).
      expect(Date.now() - t0).toBeLessThan(8_000);
    } finally {
      silentTcp.close();
    }
  });
});

describe("the overall deadline of a person's request (a hung gateway never holds anyone for 3 × the timeout)", () => {
  it("a read against a hung gateway gives up at the deadline, not after 3 timeouts: one attempt, outcomeUnknown false", async () => {
    const { c } = makeClient({ requestTimeoutMs: 10_000, deadlineMs: 1_000 });
    srv.handle(() => "hang");
    const t0 = Date.now();
    const r = await c.paymentStatus({ orderId: "o", gwayPaymentId: "t" });
    expect(r).toMatchObject({ kind: "transport", reason: "deadline", outcomeUnknown: false });
    // At most one attempt (on a loaded machine the deadline can even fall before the request arrives).
    expect(srv.requests.length).toBeLessThanOrEqual(1);
    // Three timeouts would be 30 s; the margin below that is for a busy machine, not a measure of speed.
    expect(Date.now() - t0).toBeLessThan(9_000);
  });

  it("a money call cut off in flight at the deadline: sent at most once, outcome unknown (reconciled later, never booked)", async () => {
    const { c } = makeClient({ requestTimeoutMs: 10_000, deadlineMs: 1_000 });
    srv.handle(() => "hang");
    // Cut off after it started, it counts as possibly sent, whether or not its bytes had arrived yet.
    expect(await c.capture(captureInput)).toMatchObject({ kind: "transport", reason: "deadline", outcomeUnknown: true });
    expect(srv.requests.length).toBeLessThanOrEqual(1);
  });

  it("the calls of one request share one deadline: a call that would start after it is not sent (outcomeUnknown false)", async () => {
    let t = 1_000_000;
    const { c } = makeClient({ deadlineMs: 10_000 }, { now: () => t });
    srv.handle(() => statusOk);
    await runWithRequestContext({ requestId: "req-deadline-1" }, async () => {
      expect(await c.paymentStatus({ orderId: "o", gwayPaymentId: "t" })).toMatchObject({ kind: "success" });
      t += 10_000; // the first call (or the work between) took the whole budget
      expect(await c.capture(captureInput)).toMatchObject({ kind: "transport", reason: "deadline", outcomeUnknown: false });
    });
    expect(srv.requests).toHaveLength(1);
    // Outside a request (a worker), each call has a deadline of its own.
    expect(await c.paymentStatus({ orderId: "o", gwayPaymentId: "t" })).toMatchObject({ kind: "success" });
    expect(srv.requests).toHaveLength(2);
  });

  it("a read is not retried when the backoff would end past the deadline", async () => {
    let t = 0;
    const { c } = makeClient({ deadlineMs: 120 }, { now: () => t, sleep: async (ms) => void (t += ms) });
    srv.handle(() => ({ status: 503, text: "busy" }));
    // Attempt 1 at t=0, backoff 50 ms; attempt 2 at t=50, backoff 100 ms would end at 150 > 120: stop there.
    const r = await c.paymentStatus({ orderId: "o", gwayPaymentId: "t" });
    expect(r).toMatchObject({ kind: "transport", reason: "http_status", httpStatus: 503, outcomeUnknown: false });
    expect(srv.requests).toHaveLength(2);
  });
});

describe("redirects", () => {
  it("a 3xx is never followed: one request, transport redirect", async () => {
    const { c } = makeClient();
    srv.handle((req) => (req.path === "/elsewhere" ? statusOk : { status: 302, headers: { location: `${srv.url}/elsewhere` }, text: "" }));
    const r = await c.paymentStatus({ orderId: "o", gwayPaymentId: "t" });
    expect(r).toMatchObject({ kind: "transport", reason: "redirect", httpStatus: 302 });
    expect(srv.requests.map((q) => q.path)).toEqual(["/payment/status"]);
    const m = await c.refund({ transId: "t", amount: money(1, "SAR") });
    expect(m).toMatchObject({ kind: "transport", reason: "redirect", outcomeUnknown: true });
    expect(srv.requests.map((q) => q.path)).toEqual(["/payment/status", "/payment/post"]);
  });
});

describe("redaction on real output of real calls", () => {
  const PAN = "4111111111111111";
  const CVV = "8642";

  it("neither the log text nor the recorded calls contain the card number, the CVV or the API key", async () => {
    const mem = memorySink();
    const records: GatewayCallRecord[] = [];
    const { c } = makeClient({}, { logger: createLogger({ sink: mem.sink }), recorder: { record: (r) => void records.push(r) } });
    const apiKey = testConfig(srv.url).apiKey;
    const secret = testConfig(srv.url).merchantSecret;
    // The gateway echoes the card back in its answer, and the error message names it too.
    srv.handle((req) => ({
      status: req.path.includes("s2s") ? 400 : 200,
      body: req.path.includes("s2s")
        ? { code: 400, errorCode: "400", data: null, message: `card ${PAN} key ${apiKey} refused` }
        : { result: "DECLINED", status: "DECLINED", trans_id: "t", card: PAN, decline_reason: `card ${PAN} declined` },
    }));
    const sale = await c.sale({ ...saleInput(), card: { number: PAN, expMonth: "01", expYear: "2038", cvv: CVV } });
    expect(sale.kind).toBe("declined");
    const s2s = await c.s2sSale({
      orderId: "o",
      amount: money(100, "SAR"),
      auth: false,
      card: { number: PAN, expMonth: "01", expYear: "2038", cvv: CVV },
      customer: { name: "A", email: "a@b.co", phone: "+1" },
      successUrl: "https://m/s",
      failureUrl: "https://m/f",
    });
    expect(s2s.kind).toBe("gateway_error");
    srv.handle(() => "reset");
    await c.sale({ ...saleInput(), card: { number: PAN, expMonth: "01", expYear: "2038", cvv: CVV } });

    // The secrets really went over the wire …
    expect(srv.requests[0]!.fields).toMatchObject({ card_number: PAN, card_cvv2: CVV });
    expect(srv.requests[1]!.headers["x-api-key"]).toBe(apiKey);
    // … and appear nowhere in what was logged or recorded.
    const logText = mem.text();
    const recordText = JSON.stringify(records);
    expect(mem.lines.length).toBeGreaterThanOrEqual(3);
    expect(records).toHaveLength(3);
    for (const text of [logText, recordText]) {
      expect(text).not.toContain(PAN);
      expect(text).not.toContain(CVV);
      expect(text).not.toContain(apiKey);
      expect(text).not.toContain(secret);
      expect(text).toContain("411111******1111");
    }
    expect(records[0]).toMatchObject({ operation: "sale", outcome: "declined", transactionId: "t", attempts: 1, httpStatus: 200 });
    expect(records[1]).toMatchObject({ operation: "s2s_sale", outcome: "gateway_error", gatewayCode: "400", httpStatus: 400 });
    expect(records[2]).toMatchObject({ operation: "sale", outcome: "transport", httpStatus: null });
  });
});

describe("log lines", () => {
  it("a successful call logs one summary line without the bodies (payer data stays out of the logs); a failed one logs them redacted", async () => {
    const mem = memorySink();
    const { c } = makeClient({}, { logger: createLogger({ sink: mem.sink }) });
    srv.handle(() => ({
      status: 200,
      body: { result: "SUCCESS", status: "SETTLED", trans_id: "t1", customer: { email: "payer@example.com" } },
    }));
    await c.sale(saleInput());
    srv.handle(() => ({ status: 500, body: { message: "boom", customer: { email: "payer@example.com" } } }));
    await c.sale(saleInput());
    const [okLine, failedLine] = mem.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === "gateway.call");
    expect(okLine).toMatchObject({ level: "info", operation: "sale", outcome: "success", transactionId: "t1" });
    expect(okLine).not.toHaveProperty("request");
    expect(okLine).not.toHaveProperty("response");
    expect(JSON.stringify(okLine)).not.toContain("payer@example.com");
    expect(failedLine).toMatchObject({ level: "warn", operation: "sale" });
    expect(failedLine).toHaveProperty("response");
  });
});

describe("lifecycle", () => {
  it("a call after close() is a programming error (rejects), not a silent new connection pool", async () => {
    const { c } = makeClient();
    await c.close();
    await expect(c.paymentStatus({ orderId: "o", gwayPaymentId: "t" })).rejects.toThrow(/after close/);
    expect(srv.requests).toHaveLength(0);
  });
});

describe("recorder", () => {
  it("a recorder that throws or rejects never breaks the call; the failure is logged", async () => {
    for (const record of [
      () => {
        throw new Error("db down");
      },
      () => Promise.reject(new Error("db down")),
    ]) {
      const mem = memorySink();
      const { c } = makeClient({}, { logger: createLogger({ sink: mem.sink }), recorder: { record } });
      srv.handle(() => captureOk);
      expect((await c.capture(captureInput)).kind).toBe("success");
      expect(mem.lines.some((l) => JSON.parse(l).event === "gateway.record_failed")).toBe(true);
    }
  });

  it("records attempts and latency of a retried read", async () => {
    const records: GatewayCallRecord[] = [];
    const { c } = makeClient({}, { recorder: { record: (r) => void records.push(r) } });
    failFirst(1, { status: 502, text: "" }, statusOk);
    await c.paymentStatus({ orderId: "o1", gwayPaymentId: "t1" });
    expect(records[0]).toMatchObject({
      operation: "status",
      orderId: "o1",
      transactionId: "t1",
      outcome: "success",
      attempts: 2,
      httpStatus: 200,
    });
    expect(records[0]!.latencyMs).toBeGreaterThanOrEqual(0);
    expect(records[0]!.startedAt).toBeInstanceOf(Date);
  });
});
