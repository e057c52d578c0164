// Rule guarded: the after-run scan really finds a stored card number or CVV (so a clean result means something),
// and does not cry wolf on timestamps, RRNs, UUIDs, order ids or masked cards.
import { describe, expect, it } from "vitest";
import { scanForCardData } from "./card-data-scan";

describe("card data scan", () => {
  it("finds full card numbers, plain or grouped", () => {
    expect(scanForCardData('{"card":"4111111111111111"}').map((f) => f.kind)).toEqual(["pan"]);
    expect(scanForCardData("card 5123 4500 0000 0008 exp").map((f) => f.kind)).toEqual(["pan"]);
    expect(scanForCardData("x=4508-7500-1574-1019").map((f) => f.kind)).toEqual(["pan"]);
    expect(scanForCardData("amex 3782 822463 10005").map((f) => f.kind)).toEqual(["pan"]);
  });
  it("finds CVVs under their usual keys, in JSON and urlencoded bodies", () => {
    expect(scanForCardData('{"card_cvv2":"123"}').map((f) => f.kind)).toEqual(["cvv"]);
    expect(scanForCardData("a=1&cvv=4321&b=2").map((f) => f.kind)).toEqual(["cvv"]);
    expect(scanForCardData('{"cardCvv": "999"}').map((f) => f.kind)).toEqual(["cvv"]);
  });
  it("ignores masked cards, redaction markers, timestamps, RRNs, UUIDs, order ids and numbers failing Luhn", () => {
    const clean = [
      '{"card":"411111XXXXXX1111","pan":"4111 11** **** 1111","cvv":"[REDACTED]"}',
      '{"createdAt":1763726400000,"rrn":"123456789012"}',
      "6f1c1e3e-6a4b-4c39-9a39-3a7d2a1e4b11",
      "4111111111111112",
      // A hash whose hex happens to hold a Luhn-valid run of 16 decimal digits (seen in an audit chain).
      "a3f07199001234567899829b",
      "ab4111111111111111cd",
      // A card payment's suggested order id whose random part came out all digits: ord-<YYYYMMDD>-<8 hex>, and
      // 2026112402150337 passes Luhn (it made the "no card data in any table" test fail by chance).
      '{"order_id":"ord-20261124-02150337"}',
    ].join("\n");
    expect(scanForCardData(clean)).toEqual([]);
  });
});
