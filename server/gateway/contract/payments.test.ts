// Contract (sections 3, 4.1–4.8, 7) against the real sandbox over HTTP: every transition of the card payment state
// machine as the client sees it, and every form-interface error row. Threat guarded: the client and the gateway
// disagreeing on a field, a shape or a state, which would move money wrongly or report it wrongly.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox } from "@/sandbox/server";
import { createLogger } from "../../log/logger";
import { createGatewayClient, type GatewayClient } from "../client";
import { EXPIRY, MASTERCARD, saleInput, testConfig, uniqueId } from "../../../tests/support/gateway-fixtures.support";
import { completedSale, sandboxControl, sar, statusOf } from "../../../tests/support/sandbox-flows.support";

let sb: Awaited<ReturnType<typeof startSandbox>>;
let client: GatewayClient;
let control: ReturnType<typeof sandboxControl>;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dataDir: null, callbackUrl: null });
  client = createGatewayClient(testConfig(sb.url), { logger: createLogger({ sink: () => {} }) });
  control = sandboxControl(sb.url);
});
afterAll(async () => {
  await client.close();
  await sb.close();
});

describe("SALE → collector (3, 4.1, 4.2)", { tags: ["gateway-profile"] }, () => {
  it("a frictionless sale answers REDIRECT; posting the body to the collector settles it", async () => {
    const input = saleInput({ minor: 12_345 });
    const sale = await client.sale(input);
    expect(sale).toMatchObject({
      kind: "success",
      data: {
        action: "SALE",
        result: "REDIRECT",
        status: "REDIRECT",
        order_id: input.orderId,
        amount: "123.45",
        currency: "SAR",
        redirect_method: "POST",
      },
    });
    if (sale.kind !== "success") return;
    expect(sale.data.trans_date).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(sale.data.redirect_url!.endsWith(sale.data.trans_id)).toBe(true);
    expect(await statusOf(client, { orderId: input.orderId, transId: sale.data.trans_id })).toBe("REDIRECT");
    const body = (sale.data.redirect_params as { body: string }).body;
    const col = await client.collector({ body, redirectUrl: sale.data.redirect_url });
    expect(col).toMatchObject({ kind: "success", data: { contentType: expect.stringMatching(/^text\/html/) } });
    const st = await client.paymentStatus({ orderId: input.orderId, gwayPaymentId: sale.data.trans_id });
    expect(st).toMatchObject({
      kind: "success",
      data: { status: "settled", payment_id: sale.data.trans_id, order: { number: input.orderId, amount: "123.45", currency: "SAR" } },
    });
  });

  it("the collector at the contract's own path /payment/Collector works too", async () => {
    const input = saleInput();
    const sale = await client.sale(input);
    if (sale.kind !== "success") throw new Error("sale");
    const col = await client.collector({ body: (sale.data.redirect_params as { body: string }).body });
    expect(col.kind).toBe("success");
    expect(await statusOf(client, { orderId: input.orderId, transId: sale.data.trans_id })).toBe("settled");
  });

  it("a declined card (02/2038) completes at the collector as TXN_FAILURE", async () => {
    const s = await completedSale(client, { expMonth: EXPIRY.declined });
    expect(await statusOf(client, s)).toBe("TXN_FAILURE");
  });

  it("3-D Secure (05/2038): the collector returns the challenge page; OTP 1234 settles the payment", async () => {
    const s = await completedSale(client, { expMonth: EXPIRY.challengeApproved, cardNumber: MASTERCARD });
    expect(s.collectorHtml).toMatch(/otp/i);
    expect(await statusOf(client, s)).toBe("REDIRECT");
    expect((await control.answerChallenge(s.transId, "1234")).status).toBe(200);
    expect(await statusOf(client, s)).toBe("settled");
  });

  it("3-D Secure then declined (06/2038) ends TXN_FAILURE", async () => {
    const s = await completedSale(client, { expMonth: EXPIRY.challengeDeclined });
    await control.answerChallenge(s.transId, "1234");
    expect(await statusOf(client, s)).toBe("TXN_FAILURE");
  });

  it("a duplicate order_id is refused with the family error shape", async () => {
    const s = await completedSale(client);
    const again = await client.sale({ ...saleInput(), orderId: s.orderId });
    expect(again).toMatchObject({ kind: "gateway_error", httpStatus: 400, code: "ERROR", errorCode: "100000" });
    if (again.kind === "gateway_error") expect(again.fieldErrors.map((e) => e.message).join(" ")).toMatch(/order_id/i);
  });
});

describe("two-step payment: authorize, capture, void (3, 4.3, protocol family VOID)", { tags: ["gateway-profile"] }, () => {
  it("auth=Y authorizes (status PENDING); a full CAPTURE settles with an rrn", async () => {
    const s = await completedSale(client, { auth: true, minor: 5_000 });
    expect(await statusOf(client, s)).toBe("PENDING");
    const r = await client.capture({ transId: s.transId, amount: sar(5_000), payerEmail: s.payerEmail, card: s.card });
    expect(r).toMatchObject({
      kind: "success",
      data: { action: "CAPTURE", result: "SUCCESS", status: "SETTLED", trans_id: s.transId, amount: "50.00" },
    });
    if (r.kind === "success") expect(r.data.rrn).toMatch(/\S/);
    expect(await statusOf(client, s)).toBe("settled");
  });

  // A Gulf customer's address in Arabic script (RFC 6531): signed as UTF-8 in every hash, under either profile's UPPER.
  it.each(["أحمد@مثال.السعودية", "jürgen.straße@bücher.example"])(
    "a payer with a non-ASCII e-mail (%s) pays, is captured and refunded, in full and in part",
    async (email) => {
      const s = await completedSale(client, { auth: true, minor: 5_000, email });
      expect(s.payerEmail).toBe(email);
      expect(await statusOf(client, s)).toBe("PENDING");
      expect(await client.capture({ transId: s.transId, amount: sar(5_000), payerEmail: email, card: s.card })).toMatchObject({
        kind: "success",
        data: { status: "SETTLED" },
      });
      expect(
        await client.partialRefund({ gwayId: s.transId, orderId: s.orderId, amount: sar(1_000), payerIp: "203.0.113.7" }),
      ).toMatchObject({ kind: "success", data: { result: "accepted" } });
      expect(await client.refund({ transId: s.transId, amount: sar(4_000), payerEmail: email, card: s.card })).toMatchObject({
        kind: "success",
        data: { result: "accepted" },
      });
      const voided = await completedSale(client, { auth: true, minor: 1_000, email });
      expect(await client.voidAuthorization({ transId: voided.transId, payerEmail: email, card: voided.card })).toMatchObject({
        kind: "success",
        data: { status: "VOID" },
      });
    },
  );

  it("a partial capture settles; the refundable amount is what was captured", async () => {
    const s = await completedSale(client, { auth: true, minor: 5_000 });
    expect((await client.capture({ transId: s.transId, amount: sar(3_000), payerEmail: s.payerEmail, card: s.card })).kind).toBe("success");
    const over = await client.refund({ transId: s.transId, amount: sar(3_001), payerEmail: s.payerEmail, card: s.card });
    expect(over).toMatchObject({ kind: "gateway_error", errorCode: "100000" });
    expect(await client.refund({ transId: s.transId, amount: sar(3_000), payerEmail: s.payerEmail, card: s.card })).toMatchObject({
      kind: "success",
      data: { result: "accepted" },
    });
  });

  it("an over-capture is declined (DECLINED + PENDING with decline_reason) and the authorization stays", async () => {
    const s = await completedSale(client, { auth: true, minor: 5_000 });
    const r = await client.capture({ transId: s.transId, amount: sar(5_001), payerEmail: s.payerEmail, card: s.card });
    expect(r).toMatchObject({ kind: "declined", data: { result: "DECLINED", status: "PENDING" } });
    if (r.kind === "declined") expect(r.declineReason).toMatch(/exceed|authori/i);
    expect(await statusOf(client, s)).toBe("PENDING");
    expect((await client.capture({ transId: s.transId, amount: sar(5_000), payerEmail: s.payerEmail, card: s.card })).kind).toBe("success");
  });

  it("capture declined by the issuer (03/2038) → declined (section 7 row)", async () => {
    const s = await completedSale(client, { auth: true, expMonth: EXPIRY.captureDeclined });
    const r = await client.capture({ transId: s.transId, amount: s.amount, payerEmail: s.payerEmail, card: s.card });
    expect(r).toMatchObject({ kind: "declined", data: { status: "PENDING" } });
  });

  it("a second capture of a captured payment is a gateway error, not a second settlement", async () => {
    const s = await completedSale(client, { auth: true });
    await client.capture({ transId: s.transId, amount: s.amount, payerEmail: s.payerEmail, card: s.card });
    const again = await client.capture({ transId: s.transId, amount: s.amount, payerEmail: s.payerEmail, card: s.card });
    expect(again).toMatchObject({ kind: "gateway_error", code: "ERROR" });
  });

  it("VOID releases an authorization (SUCCESS + VOID); status VOID", async () => {
    const s = await completedSale(client, { auth: true });
    const r = await client.voidAuthorization({ transId: s.transId, payerEmail: s.payerEmail, card: s.card });
    expect(r).toMatchObject({ kind: "success", data: { action: "VOID", result: "SUCCESS", status: "VOID" } });
    expect(await statusOf(client, s)).toBe("VOID");
  });

  it("VOID after capture is declined (DECLINED + SETTLED): money goes back by refund", async () => {
    const s = await completedSale(client);
    const r = await client.voidAuthorization({ transId: s.transId, payerEmail: s.payerEmail, card: s.card });
    expect(r).toMatchObject({ kind: "declined", data: { result: "DECLINED", status: "SETTLED" } });
  });
});

describe("refunds (3, 4.4, 4.5, 7, 8)", { tags: ["gateway-profile"] }, () => {
  it("a full CREDITVOID is accepted with its own payment_id; status REFUND", async () => {
    const s = await completedSale(client, { minor: 7_000 });
    const r = await client.refund({ transId: s.transId, amount: sar(7_000), payerEmail: s.payerEmail, card: s.card });
    expect(r).toMatchObject({ kind: "success", data: { result: "accepted" } });
    if (r.kind === "success") expect(r.data.payment_id).not.toBe(s.transId);
    expect(await statusOf(client, s)).toBe("REFUND");
  });

  it("CREDITVOID above the order amount → ERROR 100000 with field error 100001 (section 7)", async () => {
    const s = await completedSale(client, { minor: 7_000 });
    const r = await client.refund({ transId: s.transId, amount: sar(7_001), payerEmail: s.payerEmail, card: s.card });
    expect(r).toMatchObject({ kind: "gateway_error", code: "ERROR", errorCode: "100000", message: "Request data is invalid." });
    if (r.kind === "gateway_error") expect(r.fieldErrors[0]).toMatchObject({ code: "100001" });
  });

  it("partial refunds are accepted until the amount is exhausted, a repeated one never; then 'Refund is already initiated.'", async () => {
    const s = await completedSale(client, { minor: 10_000 });
    const ids = new Set<string>();
    for (const minor of [2_500, 3_000, 3_500]) {
      const r = await client.partialRefund({ gwayId: s.transId, orderId: s.orderId, amount: sar(minor), payerIp: "203.0.113.7" });
      expect(r).toMatchObject({ kind: "success", data: { result: "accepted" } });
      if (r.kind === "success") ids.add(r.data.payment_id);
    }
    expect(ids.size).toBe(3);
    // The same request again is taken for a retry of the first.
    const again = await client.partialRefund({ gwayId: s.transId, orderId: s.orderId, amount: sar(2_500), payerIp: "203.0.113.7" });
    expect(again).toMatchObject({ kind: "gateway_error", httpStatus: 400, message: "Refund is already initiated." });
    // 1.00 left: more than that is refused; exactly that, via CREDITVOID, completes the refund.
    expect(await client.partialRefund({ gwayId: s.transId, orderId: s.orderId, amount: sar(1_500), payerIp: "203.0.113.7" })).toMatchObject(
      {
        kind: "gateway_error",
        code: "400",
      },
    );
    expect((await client.refund({ transId: s.transId, amount: sar(1_000), payerEmail: s.payerEmail, card: s.card })).kind).toBe("success");
    const done = await client.partialRefund({ gwayId: s.transId, orderId: s.orderId, amount: sar(100), payerIp: "203.0.113.7" });
    expect(done).toMatchObject({ kind: "gateway_error", httpStatus: 400, code: "400", message: "Refund is already initiated." });
    const d = await client.transactionDetails({ transactionId: s.transId });
    expect(d).toMatchObject({ kind: "success", data: { transactionDetails: { totalRefundAmount: "100.00", amount: "100.00" } } });
  });

  it("a partial refund of an authorized, not captured payment is refused", async () => {
    const s = await completedSale(client, { auth: true });
    const r = await client.partialRefund({ gwayId: s.transId, orderId: s.orderId, amount: sar(100), payerIp: "203.0.113.7" });
    expect(r.kind).toBe("gateway_error");
  });
});

describe("saved cards and the token sale (4.8, protocol family)", { tags: ["gateway-profile"] }, () => {
  it("save_token=Y stores the card under the payer e-mail; a token sale of it settles at once", async () => {
    const email = `saver.${uniqueId("e")}@example.com`;
    await completedSale(client, { saveToken: true, email });
    const cards = await client.savedCards({ customerReference: email });
    expect(cards).toMatchObject({
      kind: "success",
      data: [{ customerReference: email, isActive: true, maskedCardNumber: "411111******1111" }],
    });
    if (cards.kind !== "success") return;
    const { card: _card, ...rest } = saleInput({ email, minor: 2_000 });
    const r = await client.tokenSale({ ...rest, cardToken: cards.data[0]!.cardToken });
    expect(r).toMatchObject({ kind: "success", data: { result: "SUCCESS", status: "SETTLED" } });
    if (r.kind === "success") expect(await statusOf(client, { orderId: rest.orderId, transId: r.data.trans_id })).toBe("settled");
  });

  it("another e-mail sees no cards (customer_reference must match exactly)", async () => {
    expect(await client.savedCards({ customerReference: `nobody.${uniqueId("e")}@example.com` })).toEqual({
      kind: "success",
      data: [],
      httpStatus: 200,
    });
  });

  it("a token sale with an unknown token → family error 205005", async () => {
    const { card: _card, ...rest } = saleInput();
    expect(await client.tokenSale({ ...rest, cardToken: "no-such-token" })).toMatchObject({ kind: "gateway_error", errorCode: "205005" });
  });

  it("a token sale with a forced decline → declined with the reason", async () => {
    const email = `saver.${uniqueId("e")}@example.com`;
    await completedSale(client, { saveToken: true, email });
    const cards = await client.savedCards({ customerReference: email });
    if (cards.kind !== "success") throw new Error("cards");
    const token = cards.data[0]!.cardToken;
    await control.declineNext(token);
    const { card: _card, ...rest } = saleInput({ email });
    const r = await client.tokenSale({ ...rest, cardToken: token });
    expect(r).toMatchObject({ kind: "declined", data: { result: "DECLINED" } });
  });
});

describe("lookups of unknown payments (4.7, 4.12, 7)", { tags: ["gateway-profile"] }, () => {
  it("status of an unknown payment → gateway_error 404 from the wrapper", async () => {
    expect(await client.paymentStatus({ orderId: "nope", gwayPaymentId: "nope" })).toMatchObject({
      kind: "gateway_error",
      httpStatus: 404,
      code: "404",
    });
  });

  it("transaction details of an unknown id → envelope 404 'entity Transaction not found for fields [id]'", async () => {
    const r = await client.transactionDetails({ transactionId: "00000000-0000-4000-8000-000000000000" });
    expect(r).toMatchObject({ kind: "gateway_error", httpStatus: 404, code: "404", errorCode: "404" });
    if (r.kind === "gateway_error") expect(r.message).toMatch(/Transaction not found for fields \[id\]/);
  });

  it("transaction details of a settled sale carry the contract's record", async () => {
    const s = await completedSale(client, { minor: 4_200 });
    const r = await client.transactionDetails({ transactionId: s.transId });
    expect(r).toMatchObject({
      kind: "success",
      data: {
        transactionDetails: {
          transactionId: s.transId,
          orderId: s.orderId,
          amount: "42.00",
          currencyCode: "682",
          paymentStatus: "APPROVED",
          totalRefundAmount: "0.00",
          refundStatus: "NONE",
        },
        businessUnitHierarchy: { businessUnitId: expect.any(String) },
      },
    });
    if (r.kind === "success") expect(r.data.transactionDetails.pan).toMatch(/^4111 11\*\* \*\*\*\* 1111$/);
  });
});
