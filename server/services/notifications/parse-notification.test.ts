// Rules guarded: the receiver accepts JSON and urlencoded notifications and nothing else; it never buffers more
// than 64 KiB; the same notification in either encoding has one dedupe key; a repeated field (parameter pollution
// past the hash) is refused; the path secret is compared in constant time.
import { describe, expect, it } from "vitest";
import { notificationDelivery } from "../../http/notification-response";
import { bodyRead, dedupeKeyOf, MAX_NOTIFICATION_BYTES, parseNotificationBody, transIdOf } from "./parse-notification";
import { pathSecretMatches } from "./receive-notification";

const fields = { action: "SALE", result: "SUCCESS", status: "SETTLED", order_id: "ord-1", trans_id: "t-1", amount: "10.00" };

describe("parseNotificationBody", () => {
  it("accepts urlencoded and JSON, giving one payload shape", () => {
    const form = parseNotificationBody("application/x-www-form-urlencoded; charset=utf-8", new URLSearchParams(fields).toString());
    const json = parseNotificationBody("application/json", JSON.stringify(fields));
    expect(form).toMatchObject({ ok: true, format: "form", payload: fields });
    expect(json).toMatchObject({ ok: true, format: "json", payload: fields });
  });

  it("dedupe key: the same notification in either encoding, or with keys reordered, has the same key", () => {
    const a = parseNotificationBody("application/json", JSON.stringify({ ...fields, amount: 10.5 }));
    const b = parseNotificationBody(
      "application/x-www-form-urlencoded",
      new URLSearchParams({ ...fields, amount: "10.5", status: "VOID" }).toString(),
    );
    const c = parseNotificationBody(
      "application/x-www-form-urlencoded",
      new URLSearchParams(Object.entries({ ...fields, amount: "10.5" }).reverse()).toString(),
    );
    if (!a.ok || !b.ok || !c.ok) throw new Error("parse failed");
    expect(dedupeKeyOf(a.payload)).toBe(dedupeKeyOf(c.payload));
    expect(dedupeKeyOf(a.payload)).not.toBe(dedupeKeyOf(b.payload));
  });

  it("refuses other content types with 415", () => {
    expect(parseNotificationBody("text/plain", "a=b")).toMatchObject({ ok: false, status: 415 });
    expect(parseNotificationBody("multipart/form-data; boundary=x", "")).toMatchObject({ ok: false, status: 415 });
    expect(parseNotificationBody(null, "{}")).toMatchObject({ ok: false, status: 415 });
  });

  it("refuses malformed JSON, a non-object and a repeated urlencoded field with 400", () => {
    expect(parseNotificationBody("application/json", "{")).toMatchObject({ ok: false, status: 400 });
    expect(parseNotificationBody("application/json", "[1]")).toMatchObject({ ok: false, status: 400 });
    expect(parseNotificationBody("application/x-www-form-urlencoded", "status=SETTLED&status=VOID")).toMatchObject({
      ok: false,
      status: 400,
    });
  });

  it("refuses NUL and unpaired surrogates with 400, in either encoding (the database cannot store them: was a 500)", () => {
    expect(parseNotificationBody("application/json", '{"trans_id":"\\ud800"}')).toMatchObject({ ok: false, status: 400 });
    expect(parseNotificationBody("application/json", '{"a":{"b":["\\u0000"]}}')).toMatchObject({ ok: false, status: 400 });
    expect(parseNotificationBody("application/json", '{"\\udfff":"x"}')).toMatchObject({ ok: false, status: 400 });
    expect(parseNotificationBody("application/x-www-form-urlencoded", "order_id=a%00b")).toMatchObject({ ok: false, status: 400 });
    expect(parseNotificationBody("application/json", '{"name":"\\ud83d\\ude00 مرحبا"}')).toMatchObject({ ok: true });
  });

  it("reads the gateway id from trans_id or transactionId", () => {
    expect(transIdOf({ trans_id: " a " })).toBe("a");
    expect(transIdOf({ transactionId: "b" })).toBe("b");
    expect(transIdOf({ trans_id: 5 })).toBeNull();
  });
});

describe("the delivery's body, read with the receiver's cap", () => {
  const readLimitedBody = async (req: Request) => bodyRead(await notificationDelivery(req, "secret").readBody());
  const big = "x".repeat(MAX_NOTIFICATION_BYTES + 1);

  it("refuses a declared length over the cap without reading", async () => {
    const req = new Request("http://h/x", {
      method: "POST",
      body: "a=b",
      headers: { "content-length": String(MAX_NOTIFICATION_BYTES + 1) },
    });
    expect(await readLimitedBody(req)).toMatchObject({ ok: false, status: 413 });
  });

  it("refuses a streamed body that grows past the cap (no or lying content-length)", async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 4; i++) c.enqueue(new TextEncoder().encode(big.slice(0, 20_000)));
        c.close();
      },
    });
    const req = new Request("http://h/x", { method: "POST", body: stream, duplex: "half" } as RequestInit);
    expect(await readLimitedBody(req)).toMatchObject({ ok: false, status: 413 });
  });

  it("reads a body at the cap", async () => {
    const req = new Request("http://h/x", { method: "POST", body: big.slice(1) });
    expect(await readLimitedBody(req)).toMatchObject({ ok: true });
  });
});

describe("pathSecretMatches", () => {
  it("matches only the exact secret, whatever the lengths", () => {
    expect(pathSecretMatches("s3cret-value-0123456789", "s3cret-value-0123456789")).toBe(true);
    expect(pathSecretMatches("s3cret-value-012345678", "s3cret-value-0123456789")).toBe(false);
    expect(pathSecretMatches("", "s3cret-value-0123456789")).toBe(false);
  });
});
