// Rule guarded: every request hash matches the gateway's own computation (contract 5.2), or the gateway refuses
// the call. Known-answer vectors were computed OUTSIDE this code, in a shell with coreutils, e.g. for SALE:
//   e=$(printf '%s' 'payer@example.com' | rev)
//   printf '%s' "${e}SECRET123$(printf '%s' 4111111111 | rev)" | tr a-z A-Z | md5sum
// and for the SHA1(MD5(...)) formulas:
//   m=$(printf '%s' "tx-000110.00secret123" | tr a-z A-Z | md5sum | cut -d' ' -f1); printf '%s' "$m" | sha1sum
import { describe, expect, it } from "vitest";
import {
  callbackHashes,
  captureHash,
  cardPartsOf,
  cardPartsOfMasked,
  creditvoidHash,
  hashesEqual,
  matchesAnyHash,
  partialRefundHash,
  recurringSaleHash,
  reverse,
  s2sSaleHash,
  saleHash,
  statusHash,
  tokenSaleHash,
  upperAscii,
  voidHash,
} from "./signing";

const email = "payer@example.com";
const visa = cardPartsOf("4111111111111111");

describe("hash formulas: known answers computed with coreutils", () => {
  it("SALE = MD5(UPPER(REV(email) + secret + REV(BIN6 + LAST4)))", () => {
    expect(saleHash({ email, secret: "SECRET123", card: visa })).toBe("bcc927a61aee5b183d13f1154e2ea5e2");
  });
  it("S2S sale = SALE formula with the API key as secret", () => {
    const mc = cardPartsOf("5123 4500 0000 0008");
    expect(s2sSaleHash({ email, apiKey: "apikey-xyz", card: mc })).toBe("706f58b3c28d12266852b441a0db8314");
  });
  it("CAPTURE = MD5(UPPER(REV(email) + secret + trans_id + REV(BIN6 + LAST4)))", () => {
    expect(captureHash({ email, secret: "SECRET123", transId: "tx-0001", card: visa })).toBe("3307df0d15855f4a5064ddbe28eabb78");
  });
  it("VOID uses the CAPTURE formula (protocol family)", () => {
    expect(voidHash({ email, secret: "SECRET123", transId: "tx-0001", card: visa })).toBe("3307df0d15855f4a5064ddbe28eabb78");
  });
  it("token sale = MD5(UPPER(REV(email) + secret + REV(card_token)))", () => {
    expect(tokenSaleHash({ email, secret: "SECRET123", cardToken: "tok_abc123" })).toBe("d01c8e4be00bd6af95d068b498ef65c9");
  });
  it("CREDITVOID = SHA1(MD5(UPPER(trans_id + amount + secret))), SHA1 over the MD5 hex text", () => {
    expect(creditvoidHash({ transId: "tx-0001", amount: "10.00", secret: "secret123" })).toBe("634c17fe7cdbc1b8a17c57eab6b63c0eebbadad8");
  });
  it("partial refund = SHA1(MD5(UPPER(gwayId + amount + secret)))", () => {
    expect(partialRefundHash({ gwayId: "gw-0002", amount: "5.50", secret: "secret123" })).toBe("8be74ac12110a6a6761c6dda9db51ab39d16fc63");
  });
  it("status = SHA1(MD5(UPPER(gway_Payment_id + secret)))", () => {
    expect(statusHash({ gwayPaymentId: "gw-0003", secret: "secret123" })).toBe("d6249cce8360e0f7d3c2bce6a0d30a4d67ea643e");
  });
  it("RECURRING_SALE = SHA1(MD5(UPPER(first_trans_id + token + order_id + amount + description + secret)))", () => {
    expect(
      recurringSaleHash({
        firstTransId: "first-1",
        recurringToken: "rec-tok-9",
        orderId: "order-77",
        amount: "10",
        description: "Monthly plan",
        secret: "SECRET123",
      }),
    ).toBe("d3a54e09e77e3df9440638b1bfa6576035bcbe7c");
  });
  it("callback hash candidates are the CAPTURE formula and the SALE formula", () => {
    expect(callbackHashes({ email, secret: "SECRET123", transId: "tx-0001", card: visa })).toEqual([
      "3307df0d15855f4a5064ddbe28eabb78",
      "bcc927a61aee5b183d13f1154e2ea5e2",
    ]);
  });
});

describe("hash building blocks", () => {
  it("upper-cases ASCII only, so the hash matches a gateway that does the same", () => {
    expect(upperAscii("abc-ß-é-xyz")).toBe("ABC-ß-é-XYZ");
  });
  it("reverses by code point (no broken surrogate pairs)", () => {
    expect(reverse("a😀b")).toBe("b😀a");
  });
  it("reads BIN6/LAST4 from masked cards in both notations", () => {
    expect(cardPartsOfMasked("411111XXXXXX1111")).toEqual({ bin6: "411111", last4: "1111" });
    expect(cardPartsOfMasked("4111 11** **** 1111")).toEqual({ bin6: "411111", last4: "1111" });
    expect(cardPartsOfMasked("garbage")).toBeNull();
  });
  it("refuses to take parts of something that is not a card number", () => {
    expect(() => cardPartsOf("12ab")).toThrow();
  });
  it("compares hashes case-insensitively and refuses different lengths", () => {
    expect(hashesEqual("abcd", "ABCD")).toBe(true);
    expect(hashesEqual("abcd", "abc")).toBe(false);
    expect(matchesAnyHash(["x1", "y2"], "y2")).toBe(true);
    expect(matchesAnyHash(["x1", "y2"], "z3")).toBe(false);
  });
});
