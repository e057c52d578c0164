// Rules guarded (#16): the client signs and shapes each request as the configured profile says, whatever the preset
// of the test run: family CREDITVOID and RECURRING_SALE hashes, the S2S secret, recurring_first_trans_id, and payer_ip
// (the contract takes IPv4 only: an IPv6 payer goes out as the configured fallback; the caller keeps the real one).
// Real HTTP to a local capture server; the expected hashes are signing.ts's formulas, pinned by profile-signing.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { money } from "@/lib/money";
import { createGatewayClient, type GatewayClient } from "./client";
import { readGatewayProfile } from "./profile";
import { captureHash, cardPartsOf, creditvoidHash, partialRefundHash, recurringSaleHash, s2sSaleHash, saleHash } from "./signing";
import { AmountNotWritableError } from "./operations/common";
import { startCaptureServer, type CaptureServer } from "../../tests/support/capture-server.support";
import { saleInput, testConfig } from "../../tests/support/gateway-fixtures.support";
import { createLogger } from "../log/logger";

const secret = "unit-merchant-secret";
const apiKey = "unit-api-key-0001";
const card = { bin6: "411111", last4: "1111" };
const email = "payer@example.com";
let srv: CaptureServer;
let contract: GatewayClient;
let family: GatewayClient;
const silent = createLogger({ sink: () => {} });
const last = () => srv.requests.at(-1)!;
const reply = (body: unknown) => srv.handle(() => ({ status: 200, body }));

beforeAll(async () => {
  srv = await startCaptureServer();
  const base = { apiUrl: `${srv.url}/gw`, merchantSecret: secret, apiKey };
  contract = createGatewayClient(testConfig(srv.url, { ...base, profile: readGatewayProfile({}) }), { logger: silent });
  family = createGatewayClient(testConfig(srv.url, { ...base, profile: readGatewayProfile({ GATEWAY_PROFILE: "family" }) }), {
    logger: silent,
  });
});
afterAll(async () => {
  await contract.close();
  await family.close();
  await srv.close();
});

describe("payer_ip: IPv4 only on the wire, never made up", { tags: ["gateway-profile"] }, () => {
  it("SALE and partial refund refuse anything but an IPv4 address before sending (the services find a real one)", async () => {
    const before = srv.requests.length;
    const input = saleInput();
    await expect(contract.sale({ ...input, payer: { ...input.payer, ip: "2001:db8::5" } })).rejects.toThrow(ZodError);
    await expect(
      contract.partialRefund({ gwayId: "t1", orderId: "o1", amount: money(250, "SAR"), payerIp: "2001:db8::5" }),
    ).rejects.toThrow(ZodError);
    expect(srv.requests.length).toBe(before);
  });
  it("an IPv4 payer is sent as is", async () => {
    reply({ statusCode: 200, responseBody: { result: "accepted", payment_id: "p" } });
    await contract.partialRefund({ gwayId: "t1", orderId: "o1", amount: money(250, "SAR"), payerIp: "203.0.113.7" });
    expect(last().fields!.payer_ip).toBe("203.0.113.7");
  });
});

describe("CREDITVOID hash by profile", { tags: ["gateway-profile"] }, () => {
  it("contract: SHA1(MD5(...)) of trans_id + amount + secret; family: the CAPTURE formula", async () => {
    const input = { transId: "t1", amount: money(1_000, "SAR"), payerEmail: email, card };
    reply({ result: "accepted", payment_id: "p1" });
    await contract.refund(input);
    expect(last().fields!.hash).toBe(creditvoidHash({ transId: "t1", amount: "10.00", secret }));
    reply({ result: "accepted", payment_id: "p1" });
    await family.refund(input);
    expect(last().fields!.hash).toBe(captureHash({ email, secret, transId: "t1", card }));
  });
});

describe("RECURRING_SALE by profile", { tags: ["gateway-profile"] }, () => {
  const input = {
    orderId: "o-new",
    amount: money(2_000, "SAR"),
    firstTransId: "t-first",
    firstOrderId: "o-first",
    recurringToken: "rtok",
    description: "Plan",
    payerEmail: email,
    card,
  };
  it("contract: first payment's trans_id and the contract formula", async () => {
    reply({ result: "SUCCESS", transaction_id: "t2" });
    await contract.recurringSale(input);
    expect(last().fields!.recurring_first_trans_id).toBe("t-first");
    const h = recurringSaleHash({
      firstTransId: "t-first",
      recurringToken: "rtok",
      orderId: "o-new",
      amount: "20",
      description: "Plan",
      secret,
    });
    expect(last().fields!.hash).toBe(h);
  });
  it("family: first payment's order id and the SALE formula over its payer and card", async () => {
    reply({ result: "SUCCESS", transaction_id: "t2" });
    await family.recurringSale(input);
    expect(last().fields!.recurring_first_trans_id).toBe("o-first");
    expect(last().fields!.hash).toBe(saleHash({ email, secret, card, upper: "unicode" }));
  });
});

describe("S2S sale secret by profile", { tags: ["gateway-profile"] }, () => {
  it("contract keys the hash with the API key, family with the merchant secret", async () => {
    const i = {
      orderId: "s1",
      amount: money(5_050, "SAR"),
      auth: false,
      card: { number: "4111111111111111", expMonth: "01", expYear: "2038", cvv: "123" },
      customer: { name: "Amal", email, phone: "+966500000000" },
      successUrl: "https://m.example/ok",
      failureUrl: "https://m.example/fail",
    };
    const parts = cardPartsOf(i.card.number);
    reply({ code: 200, message: "Success", errorCode: null, data: { result: "Pending", paymentId: "x" } });
    await contract.s2sSale(i);
    expect(last().fields!.hash).toBe(s2sSaleHash({ email, apiKey, card: parts }));
    reply({ code: 200, message: "Success", errorCode: null, data: { result: "Pending", paymentId: "x" } });
    await family.s2sSale(i);
    expect(last().fields!.hash).toBe(s2sSaleHash({ email, apiKey: secret, card: parts, upper: "unicode" }));
  });
});

describe(
  "GATEWAY_AMOUNT_DECIMALS: the places of 0- and 3-decimal currencies, the string sent being the string hashed",
  { tags: ["gateway-profile"] },
  () => {
    let two: GatewayClient;
    beforeAll(() => {
      two = createGatewayClient(
        testConfig(srv.url, {
          apiUrl: `${srv.url}/gw`,
          merchantSecret: secret,
          apiKey,
          profile: readGatewayProfile({ GATEWAY_AMOUNT_DECIMALS: "two" }),
        }),
        { logger: silent },
      );
    });
    afterAll(() => two.close());

    it("iso (the default): KWD with three places, JPY with none", async () => {
      reply({ result: "accepted", payment_id: "p1" });
      await contract.refund({ transId: "t1", amount: money(1_234, "KWD"), payerEmail: email, card });
      expect(last().fields!.amount).toBe("1.234");
      expect(last().fields!.hash).toBe(creditvoidHash({ transId: "t1", amount: "1.234", secret }));
      reply({ result: "SUCCESS", status: "SETTLED" });
      await contract.capture({ transId: "t2", amount: money(7, "JPY"), payerEmail: email, card });
      expect(last().fields!.amount).toBe("7");
    });
    it("two: KWD 1.230 goes as 1.23 and JPY 7 as 7.00, in the form fields, the hash and the JSON bodies", async () => {
      reply({ result: "accepted", payment_id: "p1" });
      await two.refund({ transId: "t1", amount: money(1_230, "KWD"), payerEmail: email, card });
      expect(last().fields!.amount).toBe("1.23");
      expect(last().fields!.hash).toBe(creditvoidHash({ transId: "t1", amount: "1.23", secret }));
      reply({ result: "SUCCESS", status: "SETTLED" });
      await two.capture({ transId: "t2", amount: money(7, "JPY"), payerEmail: email, card });
      expect(last().fields!.amount).toBe("7.00");
      reply({ statusCode: 200, responseBody: { result: "accepted", payment_id: "p" } });
      await two.partialRefund({ gwayId: "t3", orderId: "o3", amount: money(5_000, "BHD"), payerIp: "203.0.113.7" });
      expect(last().fields!.amount).toBe("5.00");
      expect(last().fields!.hash).toBe(partialRefundHash({ gwayId: "t3", amount: "5.00", secret }));
    });
    it("two: a KWD amount with a third decimal is never rounded: refused before anything is sent", async () => {
      const before = srv.requests.length;
      await expect(two.refund({ transId: "t1", amount: money(1_234, "KWD"), payerEmail: email, card })).rejects.toThrow(
        AmountNotWritableError,
      );
      await expect(two.capture({ transId: "t1", amount: money(1_005, "OMR"), payerEmail: email, card })).rejects.toThrow(
        AmountNotWritableError,
      );
      expect(srv.requests.length).toBe(before);
    });
  },
);
