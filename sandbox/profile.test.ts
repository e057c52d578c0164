// Rule guarded (#16): the sandbox verifies each request the way the configured profile says the gateway does, with
// its OWN copy of the formulas (sandbox/hashes.ts), pinned to the same literal digests as the client's tests; and it
// refuses what the gateway refuses: an IPv6 payer_ip, a payer_zip over the profile's length, a wrong content type.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureHash, cardPartsOf, creditvoidHash, s2sSaleHash } from "../server/gateway/signing";
import {
  CARD,
  D,
  EMAIL,
  creditvoid,
  partialRefund,
  pay,
  postForm,
  postJson,
  s2sBody,
  sale,
  start,
} from "../tests/support/sandbox-client.support";
import { captureSignature, creditvoidSignature, recurringSaleSignature, saleSignature } from "./hashes";
import { sandboxProfileOf } from "./profile";
import type { RunningSandbox } from "./server";

const GO_CARD = { bin6: "411111", last4: "1111" };

describe("the sandbox's own formulas: the public worked examples and the UPPER choice", () => {
  it("go-platon (platon/platon_request_test.go) SALE bcc927a6… and CAPTURE/CREDITVOID 77a47856… reproduce", () => {
    expect(saleSignature("payer@example.com", "secret123", GO_CARD)).toBe("bcc927a61aee5b183d13f1154e2ea5e2");
    expect(captureSignature("payer@example.com", "secret123", "632508054", GO_CARD)).toBe("77a4785689636b4d3875ec7acf47d5e2");
  });
  it("contract CREDITVOID of the same inputs is another digest (e1a889fc…)", () => {
    expect(creditvoidSignature("632508054", "1.00", "secret123")).toBe("e1a889fcfe565cac6dc6436e53007990cbe523fb");
  });
  it("a non-ASCII description gives different RECURRING_SALE digests under ascii and unicode UPPER", () => {
    const parts = {
      firstTransId: "first-1",
      recurringToken: "rec-tok-9",
      orderNumber: "order-77",
      orderAmount: "10",
      orderDescription: "Abonnement café für Straße",
    };
    expect(recurringSaleSignature(parts, "SECRET123", "ascii")).toBe("0cb5b3d4e8b3db5a70120fe443f70360b0c7bee9");
    expect(recurringSaleSignature(parts, "SECRET123", "unicode")).toBe("559db2ec16714736f54f30e99a75017aa813bcb7");
  });
});

describe("a sandbox under the family profile", () => {
  let sb: RunningSandbox;
  beforeAll(async () => {
    sb = await start({ profile: sandboxProfileOf({ GATEWAY_PROFILE: "family" }) });
  });
  afterAll(() => sb.close());

  it("CREDITVOID: the capture-style hash is accepted, the contract's formula is refused", async () => {
    const transId = await pay(sb);
    const contractHash = creditvoidHash({ transId, amount: "10.00", secret: D.merchantSecret });
    expect((await creditvoid(sb, transId, "10.00", contractHash)).body).toMatchObject({ result: "ERROR" });
    const familyHash = captureHash({ email: EMAIL, secret: D.merchantSecret, transId, card: cardPartsOf(CARD) });
    expect((await creditvoid(sb, transId, "10.00", familyHash)).body).toMatchObject({ result: "accepted" });
  });

  it("S2S sale: keyed with the merchant secret, not the API key", async () => {
    const withKey = await postJson(sb, "/api/v1/payment-gateway/s2s/sale", s2sBody(), D.apiKey);
    expect(withKey.status).toBe(400);
    const body = { ...s2sBody(), hash: "" };
    body.hash = s2sSaleHash({ email: EMAIL, apiKey: D.merchantSecret, card: cardPartsOf(CARD) });
    const withSecret = await postJson(sb, "/api/v1/payment-gateway/s2s/sale", body, D.apiKey);
    expect(withSecret.status).toBe(200);
  });

  it("payer_zip longer than the profile's 10 characters is refused", async () => {
    const s = await sale(sb, { extra: { payer_zip: "12345-67890" } });
    expect(s.body).toMatchObject({ result: "ERROR" });
    expect(JSON.stringify(s.body)).toContain("payer_zip");
  });
});

// The contract's text calls the CAPTURE formula's e-mail "the merchant e-mail": the sandbox can verify that reading.
describe("a sandbox signing CAPTURE and VOID with the merchant's e-mail (GATEWAY_CAPTURE_HASH_EMAIL=merchant)", () => {
  let sb: RunningSandbox;
  const MERCHANT = "billing@shop.example";
  beforeAll(async () => {
    sb = await start({ profile: sandboxProfileOf({ GATEWAY_CAPTURE_HASH_EMAIL: "merchant", MERCHANT_EMAIL: MERCHANT }) });
  });
  afterAll(() => sb.close());
  const post = (action: "CAPTURE" | "VOID", transId: string, email: string) =>
    postForm(sb, "/payment/post", {
      action,
      client_key: D.clientKey,
      trans_id: transId,
      ...(action === "CAPTURE" ? { amount: "10.00" } : {}),
      hash: captureHash({ email, secret: D.merchantSecret, transId, card: cardPartsOf(CARD) }),
    }).then(async (r) => (await r.json()) as Record<string, unknown>);

  it("CAPTURE signed with the payer's e-mail is refused; with MERCHANT_EMAIL it settles", async () => {
    const transId = await pay(sb, { amount: "10.00", auth: true });
    expect(await post("CAPTURE", transId, EMAIL)).toMatchObject({ result: "ERROR" });
    expect(await post("CAPTURE", transId, MERCHANT)).toMatchObject({ result: "SUCCESS", status: "SETTLED" });
  });

  it("VOID likewise", async () => {
    const transId = await pay(sb, { amount: "10.00", auth: true });
    expect(await post("VOID", transId, EMAIL)).toMatchObject({ result: "ERROR" });
    expect(await post("VOID", transId, MERCHANT)).toMatchObject({ result: "SUCCESS", status: "VOID" });
  });

  it("the merchant reading without MERCHANT_EMAIL stops the sandbox's start", () => {
    expect(() => sandboxProfileOf({ GATEWAY_CAPTURE_HASH_EMAIL: "merchant" })).toThrow(/MERCHANT_EMAIL/);
  });
});

describe("requests the gateway refuses under any profile", () => {
  let sb: RunningSandbox;
  beforeAll(async () => {
    sb = await start();
  });
  afterAll(() => sb.close());

  it("an IPv6 payer_ip is refused on SALE and on the partial refund (the contract takes IPv4)", async () => {
    const s = await sale(sb, { extra: { payer_ip: "2001:db8::7" } });
    expect(JSON.stringify(s.body)).toContain("payer_ip");
    const transId = await pay(sb);
    const r = await partialRefund(sb, transId, sb.state.payment(transId)!.orderId, "1.00", { payer_ip: "2001:db8::7" });
    expect(r.status).toBe(400);
    expect(sb.state.payment(transId)!.refunds ?? []).toHaveLength(0);
  });

  it("a wrong content type for the endpoint is refused (415, or the form interface's ERROR): JSON to /payment/post, a form to /payment/refund and the JSON API", async () => {
    // /payment/post answers in its own error shape (ERROR 100000), naming the content type.
    const sale = await postJson(sb, "/payment/post", { action: "SALE" });
    expect(await sale.text()).toContain("Unsupported content type application/json");
    const refund = await postForm(sb, "/payment/refund", { gwayId: "x" });
    expect(refund.status).toBe(415);
    const status = await fetch(`${sb.url}/payment/status`, { method: "POST", headers: { "content-type": "text/plain" }, body: "{}" });
    expect(status.status).toBe(415);
    const s2s = await fetch(`${sb.url}/api/v1/payment-gateway/s2s/sale`, {
      method: "POST",
      headers: { "x-api-key": D.apiKey },
      body: new URLSearchParams({ orderId: "x" }),
    });
    expect(s2s.status).toBe(415);
  });
});
