// Rules guarded: the card number groups as cards print it (fours; American Express 4-6-5) whatever staff type or
// paste, never grows past the brand's length, and the caret stays after the digit it followed; the brand is read
// from the BIN, mada included (its cards carry VISA/Mastercard BINs).
import { describe, expect, it } from "vitest";
import { isMadaBin } from "./mada-bins";
import { caretAfterDigits, cardBrandOf, groupCardNumber } from "./card-number";

describe("groupCardNumber", () => {
  it.each([
    ["4111111111111111", "4111 1111 1111 1111"],
    ["4111-1111 1111x1111", "4111 1111 1111 1111"],
    ["41111", "4111 1"],
    ["4111", "4111"],
    ["5123450000000008", "5123 4500 0000 0008"],
    ["378282246310005", "3782 822463 10005"],
    ["3782822463100059999", "3782 822463 10005"],
    ["41111111111111111234567", "4111 1111 1111 1111 123"],
    ["", ""],
  ])("%s → %s", (typed, grouped) => expect(groupCardNumber(typed)).toBe(grouped));
});

describe("caretAfterDigits", () => {
  it("puts the caret right after the n-th digit, past the group's space", () => {
    expect(caretAfterDigits("4111 1", 5)).toBe(6);
    expect(caretAfterDigits("4111 1111", 4)).toBe(4);
    expect(caretAfterDigits("3782 822463 10005", 10)).toBe(11);
    expect(caretAfterDigits("4111", 0)).toBe(0);
    expect(caretAfterDigits("4111", 9)).toBe(4);
  });
});

describe("card brand", () => {
  it("reads VISA, Mastercard (51–55 and 2-series) and American Express from the leading digits", () => {
    expect(cardBrandOf("4111")).toBe("VISA");
    expect(cardBrandOf("5123")).toBe("MASTERCARD");
    expect(cardBrandOf("2221")).toBe("MASTERCARD");
    expect(cardBrandOf("3782")).toBe("AMEX");
    expect(cardBrandOf("6011")).toBe("OTHER");
  });
  it("tells mada by its BIN, and only with six digits", () => {
    expect(isMadaBin("4406470000000000")).toBe(true);
    expect(isMadaBin("5888450000000000")).toBe(true);
    expect(isMadaBin("44064")).toBe(false);
    expect(isMadaBin("4111111111111111")).toBe(false);
  });
});
