// Rule guarded: one card mask and one brand spelling everywhere (#13), and never more than BIN + last 4 (PCI DSS 3.4.1).
import { describe, expect, it } from "vitest";
import { brandLabel, cardLabel } from "./card-label";

describe("brandLabel: one spelling per brand", () => {
  it.each([
    ["visa", "VISA"],
    ["VISA", "VISA"],
    ["MASTERCARD", "Mastercard"],
    ["MasterCard", "Mastercard"],
    ["master card", "Mastercard"],
    ["MADA", "mada"],
    ["amex", "American Express"],
    ["American Express", "American Express"],
  ])("%s → %s", (raw, label) => expect(brandLabel(raw)).toBe(label));

  it("unknown brands read as nothing rather than OTHER", () => {
    expect(brandLabel("OTHER")).toBeNull();
    expect(brandLabel("")).toBeNull();
    expect(brandLabel(null)).toBeNull();
  });
});

describe("cardLabel: one mask", () => {
  it("brand and last four", () => expect(cardLabel({ brand: "visa", last4: "1111", bin6: "411111" })).toBe("VISA •••• 1111"));
  it("the BIN only when asked", () =>
    expect(cardLabel({ brand: "MASTERCARD", last4: "4444", bin6: "555555" }, { withBin: true })).toBe("Mastercard 5555 55•• •••• 4444"));
  it("no brand: Card", () => expect(cardLabel({ last4: "0003" })).toBe("Card •••• 0003"));
  it("no last four: nothing", () => expect(cardLabel({ brand: "VISA", last4: null })).toBeNull());
  it("a malformed last four or BIN never leaks more digits", () => {
    expect(cardLabel({ brand: "VISA", last4: "4111111111111111" })).toBeNull();
    expect(cardLabel({ brand: "VISA", last4: "1111", bin6: "4111111111" }, { withBin: true })).toBe("VISA •••• 1111");
  });
});
