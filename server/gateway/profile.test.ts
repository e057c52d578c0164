// Rule guarded (#16): one configuration object decides every point where the contract and the family disagree;
// a preset by GATEWAY_PROFILE, each item overridable, and a wrong value stops start-up with its name.
import { describe, expect, it } from "vitest";
import { captureHashEmailOf, readGatewayProfile } from "./profile";

describe("gateway profile", () => {
  it("defaults to the contract preset (today's behaviour)", () => {
    expect(readGatewayProfile({})).toEqual({
      name: "contract",
      creditvoidHash: "contract",
      recurringSaleHash: "contract",
      s2sSaleSecret: "api_key",
      recurringFirstId: "trans_id",
      partialRefundMerchantField: "gateway_merchant_id",
      upperCase: "ascii",
      payerZipMaxLength: 20,
      captureHashEmail: "payer",
      merchantEmail: null,
      amountDecimals: "iso",
    });
  });
  // The contract shows only two-decimal currencies ("decimal with two places"): KWD and JPY need a reading.
  it("the places of 0- and 3-decimal currencies: ISO by default, two with GATEWAY_AMOUNT_DECIMALS=two, nothing else", () => {
    expect(readGatewayProfile({ GATEWAY_PROFILE: "family" }).amountDecimals).toBe("iso");
    expect(readGatewayProfile({ GATEWAY_AMOUNT_DECIMALS: "two" }).amountDecimals).toBe("two");
    expect(() => readGatewayProfile({ GATEWAY_AMOUNT_DECIMALS: "3" })).toThrow(/GATEWAY_AMOUNT_DECIMALS: "3" is not one of iso, two/);
  });
  // The contract's text calls the CAPTURE formula's e-mail "the merchant e-mail"; both sides read it as the payer's.
  it("the CAPTURE formula's e-mail: the payer's by default, MERCHANT_EMAIL's with GATEWAY_CAPTURE_HASH_EMAIL=merchant", () => {
    const payer = readGatewayProfile({});
    expect(captureHashEmailOf("payer@example.com", payer)).toBe("payer@example.com");
    const merchant = readGatewayProfile({ GATEWAY_CAPTURE_HASH_EMAIL: "merchant", MERCHANT_EMAIL: "billing@shop.example" });
    expect(merchant).toMatchObject({ captureHashEmail: "merchant", merchantEmail: "billing@shop.example" });
    expect(captureHashEmailOf("payer@example.com", merchant)).toBe("billing@shop.example");
    expect(() => readGatewayProfile({ GATEWAY_CAPTURE_HASH_EMAIL: "merchant" })).toThrow(/MERCHANT_EMAIL, which is not set/);
    expect(() => readGatewayProfile({ MERCHANT_EMAIL: "not an address" })).toThrow(/MERCHANT_EMAIL/);
    expect(() => readGatewayProfile({ GATEWAY_CAPTURE_HASH_EMAIL: "owner" })).toThrow(/GATEWAY_CAPTURE_HASH_EMAIL/);
  });
  it("family preset switches every disagreeing item", () => {
    expect(readGatewayProfile({ GATEWAY_PROFILE: "family" })).toMatchObject({
      name: "family",
      creditvoidHash: "capture",
      recurringSaleHash: "sale",
      s2sSaleSecret: "merchant_secret",
      recurringFirstId: "order_id",
      upperCase: "unicode",
      payerZipMaxLength: 10,
    });
  });
  it("each item can be overridden on top of a preset without a code change", () => {
    const p = readGatewayProfile({
      GATEWAY_PROFILE: "family",
      GATEWAY_HASH_UPPERCASE: "ascii",
      GATEWAY_RECURRING_FIRST_ID: "trans_id",
      GATEWAY_PAYER_ZIP_MAX_LENGTH: "5",
      GATEWAY_PARTIAL_REFUND_MERCHANT_FIELD: "brand_merchant_id",
    });
    expect(p).toMatchObject({ name: "family", creditvoidHash: "capture", upperCase: "ascii", recurringFirstId: "trans_id" });
    expect(p).toMatchObject({ payerZipMaxLength: 5, partialRefundMerchantField: "brand_merchant_id" });
  });
  it("a wrong value is refused with every problem named (no silent default)", () => {
    let message = "";
    try {
      readGatewayProfile({ GATEWAY_PROFILE: "php", GATEWAY_CREDITVOID_HASH: "sha256", GATEWAY_PAYER_IP_FALLBACK: "127.0.0.1" });
    } catch (e) {
      message = (e as Error).message;
    }
    for (const name of ["GATEWAY_PROFILE", "GATEWAY_CREDITVOID_HASH", "GATEWAY_PAYER_IP_FALLBACK"]) expect(message).toContain(name);
  });
  // No invented data: the old fallback sent a constant as the payer's address. Setting it now stops start-up with why.
  it("payer_ip is never made up: GATEWAY_PAYER_IP_FALLBACK is refused with what changed", () => {
    expect(() => readGatewayProfile({ GATEWAY_PAYER_IP_FALLBACK: "198.51.100.1" })).toThrow(/no longer used; payer_ip is never invented/);
  });
});
