// Rules guarded: every state change of a card operation is notified to the merchant with a hash the merchant can
// verify; deliveries are retried until HTTP 200 (3 retries), recorded, and never delay the API answer.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callbackHashes, cardPartsOfMasked, matchesAnyHash } from "../server/gateway/signing";
import type { RunningSandbox } from "./server";
import { D, EMAIL, api, capture, creditvoid, pay, s2sBody, sale, start, collect, type Json } from "../tests/support/sandbox-client.support";

interface Received {
  contentType: string;
  fields: Record<string, string>;
}

let receiver: Server;
let receiverUrl: string;
let received: Received[] = [];
/** How the receiver answers: a status per call (the last one repeats), or "hang". */
let answers: Array<number | "hang"> = [200];
let calls = 0;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString();
      const contentType = req.headers["content-type"] ?? "";
      const fields = contentType.includes("json") ? JSON.parse(text) : Object.fromEntries(new URLSearchParams(text));
      received.push({ contentType, fields });
      const answer = answers[Math.min(calls++, answers.length - 1)]!;
      if (answer === "hang") return; // never answers
      res.writeHead(answer).end("OK");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(() => {
  receiver.closeAllConnections();
  receiver.close();
});

let sb: RunningSandbox;
afterEach(async () => {
  await sb?.close();
  received = [];
  answers = [200];
  calls = 0;
});

async function until<T>(fn: () => T | undefined | Promise<T | undefined>, ms = 3000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 10));
  }
}

const find = (pred: (f: Record<string, string>) => boolean) => () => received.find((r) => pred(r.fields));

describe("callbacks", () => {
  it("a completed sale is notified urlencoded with the protocol fields and a hash the merchant can verify", async () => {
    sb = await start({ callbackUrl: receiverUrl });
    const id = await pay(sb, { amount: "20.00", extra: { recurring_init: "Y", save_token: "Y" } });
    const cb = await until(find((f) => f.trans_id === id));
    expect(cb.contentType).toMatch(/x-www-form-urlencoded/);
    expect(cb.fields).toMatchObject({
      action: "SALE",
      result: "SUCCESS",
      status: "SETTLED",
      amount: "20.00",
      currency: "SAR",
      card: "411111XXXXXX1111",
      card_brand: "VISA",
      card_expiration_date: "01/2038",
      merchant_name: D.merchantName,
    });
    expect(cb.fields.trans_date).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(cb.fields.recurring_token).toBe(sb.state.payment(id)!.recurringToken);
    expect(cb.fields.card_token).toBeTruthy();
    expect(cb.fields.rrn).toMatch(/^\d{12}$/);
    const card = cardPartsOfMasked(cb.fields.card!)!;
    const candidates = callbackHashes({ email: EMAIL, secret: D.merchantSecret, transId: id, card });
    expect(matchesAnyHash(candidates, cb.fields.hash!)).toBe(true);
    expect(matchesAnyHash(callbackHashes({ email: "x@y.z", secret: D.merchantSecret, transId: id, card }), cb.fields.hash!)).toBe(false);
  });

  it("declines, captures and refunds are notified; CREDITVOID says REFUND when full, SETTLED when partial", async () => {
    sb = await start({ callbackUrl: receiverUrl });
    const declined = await pay(sb, { exp: "02/2038" });
    expect((await until(find((f) => f.trans_id === declined))).fields).toMatchObject({
      result: "DECLINED",
      status: "DECLINED",
      decline_reason: "Transaction declined by issuer",
    });
    const id = await pay(sb, { auth: true, amount: "50.00" });
    expect((await until(find((f) => f.trans_id === id && f.action === "SALE"))).fields.status).toBe("PENDING");
    await capture(sb, id, "50.00");
    expect((await until(find((f) => f.trans_id === id && f.action === "CAPTURE"))).fields).toMatchObject({
      result: "SUCCESS",
      status: "SETTLED",
    });
    await creditvoid(sb, id, "20.00");
    await creditvoid(sb, id, "30.00");
    await until(() => received.filter((r) => r.fields.action === "CREDITVOID").length === 2 || undefined);
    const refunds = received.filter((r) => r.fields.action === "CREDITVOID").map((r) => r.fields);
    expect(refunds.map((f) => [f.amount, f.status])).toEqual([
      ["20.00", "SETTLED"],
      ["30.00", "REFUND"],
    ]);
    expect(refunds[0]!.creditvoid_date).toMatch(/^\d{2}-\d{2}-\d{4} /);
  });

  it("JSON format is available, and S2S payments carry transactionId", async () => {
    sb = await start({ callbackUrl: receiverUrl, callbackFormat: "json" });
    const r = await api(sb, "POST", "/api/v1/payment-gateway/s2s/sale", s2sBody());
    const id = r.body.data.paymentId as string;
    const cb = await until(find((f) => f.trans_id === id));
    expect(cb.contentType).toMatch(/application\/json/);
    expect(cb.fields.transactionId).toBe(id);
  });

  it("a failed delivery is retried until HTTP 200 and recorded with its attempts", async () => {
    answers = [500, 503, 200];
    sb = await start({ callbackUrl: receiverUrl, callbackRetryDelaysMs: [20, 20, 20] });
    const id = await pay(sb);
    const d = await until(async () => {
      const list = (await (await fetch(`${sb.url}/__sandbox/callbacks`)).json()) as Json[];
      return list.find((x) => x.fields.trans_id === id && x.delivered);
    });
    expect(d).toMatchObject({ url: receiverUrl, format: "form", attempts: 3, delivered: true, lastStatus: 200 });
    expect(d.body).toContain(`trans_id=${id}`);
    expect(received.filter((r) => r.fields.trans_id === id)).toHaveLength(3);
  });

  it("gives up after 1 attempt + 3 retries", async () => {
    answers = [500];
    sb = await start({ callbackUrl: receiverUrl, callbackRetryDelaysMs: [10, 10, 10] });
    await pay(sb);
    const deliveries = async () => (await (await fetch(`${sb.url}/__sandbox/callbacks`)).json()) as Json[];
    await until(async () => (await deliveries())[0]?.attempts === 4 || undefined);
    await new Promise((r) => setTimeout(r, 100)); // no fifth attempt comes
    expect((await deliveries())[0]).toMatchObject({ attempts: 4, delivered: false, lastStatus: 500 });
    expect(received).toHaveLength(4);
  });

  it("a merchant endpoint that never answers does not delay the API answer", async () => {
    answers = ["hang"];
    sb = await start({ callbackUrl: receiverUrl });
    const s = await sale(sb);
    const t0 = Date.now();
    await collect(sb, s.body);
    // Waiting for the endpoint would take at least one attempt's timeout (5 s); the margin is for a busy machine.
    expect(Date.now() - t0).toBeLessThan(4_000);
    await until(() => received.length > 0 || undefined);
  });
});
