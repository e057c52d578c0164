// Threat guarded: card numbers, CVVs, hashes, API keys and merchant secrets leaking into logs or the stored call
// record (PCI DSS forbids storing CVV at all and full PANs unmasked).
import { describe, expect, it } from "vitest";
import { luhnValid, maskPan, redact, REDACTED, redactString } from "./redact";

describe("redact: sensitive keys", () => {
  it("masks secret-bearing keys in every spelling, at any depth", () => {
    const out = redact({
      card_cvv2: "123",
      cardCvv: "456",
      cvv: "789",
      hash: "abcdef",
      merchantSecret: "s3cr3t",
      merchant_secret_key: "s3cr3t",
      password: "pw",
      "X-API-KEY": "key-1",
      apiKey: "key-2",
      nested: [{ headers: { "x-api-key": "key-3" } }],
      order_id: "ord-1",
    }) as Record<string, unknown>;
    expect(out).toMatchObject({
      card_cvv2: REDACTED,
      cardCvv: REDACTED,
      cvv: REDACTED,
      hash: REDACTED,
      merchantSecret: REDACTED,
      merchant_secret_key: REDACTED,
      password: REDACTED,
      "X-API-KEY": REDACTED,
      apiKey: REDACTED,
      nested: [{ headers: { "x-api-key": REDACTED } }],
      order_id: "ord-1",
    });
  });

  it("masks card-number keys to first six and last four", () => {
    expect(redact({ card_number: "4111111111111111", cardNumber: "5123 4500 0000 0008" })).toEqual({
      card_number: "411111******1111",
      cardNumber: "512345******0008",
    });
  });

  it("keeps only the last four characters of card and recurring tokens", () => {
    const out = redact({ card_token: "tok_abcdefghijkl", recurringToken: "rt_0123456789" }) as Record<string, string>;
    expect(out.card_token).toBe(`${REDACTED}…ijkl`);
    expect(out.recurringToken).toBe(`${REDACTED}…6789`);
  });
});

describe("redact: card numbers inside strings", () => {
  it("never cuts a surrogate pair in half when keeping a token's tail or shortening a string (was a 500 storing it)", () => {
    const token = redact({ card_token: "tok_😀😀😀😀😀x" }) as { card_token: string };
    expect(token.card_token.isWellFormed()).toBe(true);
    const cut = redact({ text: "😀".repeat(10) }, { maxStringLength: 5 }) as { text: string };
    expect(cut.text.isWellFormed()).toBe(true);
  });

  it("scrubs Luhn-valid 12–19 digit runs, also grouped by spaces or dashes", () => {
    expect(redactString("card 4111111111111111 failed")).toBe("card 411111******1111 failed");
    expect(redactString("pan=4111-1111-1111-1111;")).toBe("pan=411111******1111;");
    expect(redactString("5123 4500 0000 0008")).toBe("512345******0008");
    expect(redact({ note: "x 4508750015741019 y" })).toEqual({ note: "x 450875******1019 y" });
  });

  it("leaves digit runs that are not card numbers alone (order ids, timestamps, phone numbers)", () => {
    expect(luhnValid("4111111111111112")).toBe(false);
    expect(redactString("order 4111111111111112")).toBe("order 4111111111111112");
    expect(redactString("ts 1717171717171")).toBe("ts 1717171717171");
    expect(redactString("12345678901")).toBe("12345678901"); // 11 digits: too short
    expect(redactString("41111111111111111111111")).toBe("41111111111111111111111"); // 23 digits: not a PAN
  });

  it("leaves UUIDs whole even when their digit groups read as a valid card number; a card number beside one is still masked", () => {
    // "8456-100000000000" is a Luhn-valid 16-digit run: before, the id came out as "…-845610******0000".
    const id = "0a1b2c3d-4e5f-4123-8456-100000000000";
    expect(luhnValid("8456100000000000")).toBe(true);
    expect(redactString(`payment ${id} captured`)).toBe(`payment ${id} captured`);
    expect(redactString(`${id.toUpperCase()}`)).toBe(id.toUpperCase());
    expect(redactString(`card 4111111111111111 on ${id}, 4111-1111-1111-1111`)).toBe(`card 411111******1111 on ${id}, 411111******1111`);
    expect(redact({ paymentId: id, note: `${id}:4111111111111111` })).toEqual({ paymentId: id, note: `${id}:411111******1111` });
  });

  it("masks card numbers sent as JSON numbers", () => {
    expect(redact({ n: 4111111111111111 })).toEqual({ n: "411111******1111" });
  });

  it("hides Base64 blobs that carry card data (a sale's redirect body)", () => {
    const blob = Buffer.from(JSON.stringify({ card_number: "4111111111111111", cvv: "123" })).toString("base64");
    expect(redactString(blob)).toBe(`${REDACTED}:base64`);
    const harmless = Buffer.from(JSON.stringify({ trans_id: "abc", order_id: "ord-1" })).toString("base64");
    expect(redactString(harmless)).toBe(harmless);
  });

  it("maskPan keeps first six and last four", () => {
    expect(maskPan("4111111111111111")).toBe("411111******1111");
  });
});

describe("redact: known secret values and odd inputs", () => {
  it("scrubs given secret values wherever they occur", () => {
    const out = redact({ msg: "bad key sandbox-api-key-super-admin used" }, { secretValues: ["sandbox-api-key-super-admin"] });
    expect(JSON.stringify(out)).not.toContain("sandbox-api-key-super-admin");
  });

  it("survives cycles, errors, dates, maps and does not mutate its input", () => {
    const input: Record<string, unknown> = { when: new Date(0), err: new Error("card 4111111111111111"), m: new Map([["cvv", "1"]]) };
    input.self = input;
    const out = redact(input) as Record<string, unknown>;
    expect(out.self).toBe("[Circular]");
    expect(out.when).toBe("1970-01-01T00:00:00.000Z");
    expect(JSON.stringify(out)).not.toContain("4111111111111111");
    expect(out.m).toEqual({ cvv: REDACTED });
    expect((input.err as Error).message).toContain("4111111111111111");
  });
});

describe("credentials in URLs", () => {
  it("masks the password of a connection string inside any logged text", () => {
    expect(redactString("connect failed: postgres://admin:hunter2@db:5432/app")).toBe(
      "connect failed: postgres://admin:[REDACTED]@db:5432/app",
    );
    expect(redactString("https://example.com/a@b")).toBe("https://example.com/a@b");
  });
});
