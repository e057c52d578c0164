// Threat guarded: a card number typed into free text (a note on a payment) would be stored in the clear, outside the
// gateway call that alone may carry it (PCI DSS 3.3, 3.4). Rule: any 12-19 digit run that passes Luhn, grouped or
// not, is caught; order ids, amounts, phone numbers and pasted payment ids are not.
import { describe, expect, it } from "vitest";
import { containsCardNumber, luhnValid } from "./card-data";

describe("card numbers in free text", () => {
  it("catches a card number however it is typed", () => {
    for (const text of [
      "4111111111111111",
      "customer read 4111 1111 1111 1111 twice",
      "card 4111-1111-1111-1111.",
      "amex 378282246310005",
      "٣ then 5123450000000008",
    ])
      expect({ text, found: containsCardNumber(text) }).toEqual({ text, found: true });
  });

  it("lets through what staff write about a payment: ids, amounts, phones, dates, a pasted payment id", () => {
    for (const text of [
      "Customer called from +966500000001 about order ORD-20261207-0001",
      "Refund SAR 1,250.00 on 2026-12-07, ticket 1234567890",
      "see payment 3f6c2a4e-1b7d-4c3e-9a41-100000000008",
      "4111111111111112", // fails Luhn
      "12345678901", // 11 digits
    ])
      expect({ text, found: containsCardNumber(text) }).toEqual({ text, found: false });
  });

  it("Luhn over digits only", () => {
    expect(luhnValid("4111111111111111")).toBe(true);
    expect(luhnValid("4111111111111112")).toBe(false);
    expect(luhnValid("4111 1111")).toBe(false);
  });
});
