// Rules guarded: the test cards are valid Luhn numbers, the expiry alone decides the outcome, and every masked form
// hides the middle digits.
import { describe, expect, it } from "vitest";
import { DECLINE, TEST_CARDS, brandOf, checkCard, luhnValid, maskForCallback, maskForDetails, maskForLog, maskForSavedCard } from "./cards";

const names = { number: "n", expMonth: "m", expYear: "y", cvv: "c" };
const card = (number: string, exp: string, cvv = "123") => {
  const [expMonth, expYear] = exp.split("/");
  return checkCard({ number, expMonth, expYear, cvv, holder: "A B" }, names);
};

describe("test cards", () => {
  it("every documented test card passes Luhn and a one-digit change fails it", () => {
    for (const c of TEST_CARDS) {
      expect(luhnValid(c)).toBe(true);
      expect(luhnValid(c.slice(0, -1) + String((Number(c.at(-1)) + 1) % 10))).toBe(false);
    }
  });

  it("brand comes from the first digit: 4 → VISA, 5 → MASTERCARD", () => {
    expect(brandOf("4111111111111111")).toBe("VISA");
    expect(brandOf("5123450000000008")).toBe("MASTERCARD");
  });

  it.each([
    ["01/2038", "approve", null],
    ["02/2038", "decline", DECLINE.issuer],
    ["03/2038", "capture_declines", null],
    ["05/2038", "challenge_approve", null],
    ["06/2038", "challenge_decline", null],
    ["04/2038", "decline", DECLINE.badExpiry],
    ["01/2039", "decline", DECLINE.badExpiry],
  ])("expiry %s decides %s", (exp, outcome, reason) => {
    for (const number of TEST_CARDS) {
      const r = card(number, exp);
      expect(r.ok && r.card.outcome).toBe(outcome);
      expect(r.ok && r.card.declineReason).toBe(reason);
    }
  });

  it("a valid card that is not a test card is declined as not enrolled", () => {
    const r = card("4012888888881881", "01/2038");
    expect(r.ok && r.card.declineReason).toBe(DECLINE.notEnrolled);
  });

  it("a non-Luhn number, a bad month or a bad CVV is a request error, not a decline", () => {
    expect(card("4111111111111112", "01/2038").ok).toBe(false);
    expect(card("4111111111111111", "13/2038").ok).toBe(false);
    expect(card("4111111111111111", "01/2038", "12").ok).toBe(false);
    expect(card("4111111111111111", "01/2038", "1234").ok).toBe(true);
  });

  it("masks show only the first six and the last four digits", () => {
    const r = card("4111111111111111", "01/2038");
    if (!r.ok) throw new Error("card");
    expect(maskForCallback(r.card)).toBe("411111XXXXXX1111");
    expect(maskForSavedCard(r.card)).toBe("411111******1111");
    expect(maskForDetails(r.card)).toBe("4111 11** **** 1111");
    expect(maskForLog("4111111111111111")).toBe("411111****1111");
  });
});
