// Threats guarded: a full card number rendered in the dashboard because the gateway (misbehaving, or a forged
// answer) returned one in the card field: whatever arrives, at most BIN6 and the last four digits are shown.
import { describe, expect, it } from "vitest";
import { maskCardForDisplay } from "./card-display";

const DIGITS = /\d/g;

describe("maskCardForDisplay", () => {
  it.each([
    ["4111111111111111", "411111******1111"],
    ["4111 1111 1111 1111", "411111******1111"],
    ["4111-1111-1111-1111", "411111******1111"],
    [" 5555 5555 5555 4444 ", "555555******4444"],
    ["378282246310005", "378282******0005"],
    ["6011111111111117", "601111******1117"],
  ])("masks the Luhn-valid full number %j to BIN6 and last 4", (full, shown) => {
    expect(maskCardForDisplay(full)).toBe(shown);
  });

  it.each([
    ["411111XXXXXX1111", "411111******1111"],
    ["4111 11** **** 1111", "411111******1111"],
    ["411111******1111", "411111******1111"],
  ])("keeps an already masked number %j in one format", (masked, shown) => {
    expect(maskCardForDisplay(masked)).toBe(shown);
  });

  it.each([
    ["4111111111XX1111", "•••• 1111"],
    ["card 4111111111111111 exp 12/30", "•••• 1230"],
    ["****1111", "•••• 1111"],
    ["41111111", "•••• 1111"],
    ["abc", "••••"],
  ])("shows only the last four for an odd format %j", (odd, shown) => {
    expect(maskCardForDisplay(odd)).toBe(shown);
  });

  it("never shows more than 10 digits of any input", () => {
    for (const v of ["4111111111111111111", "4111 1111 1111 1111 111", "41111111111111111111111", "4-1-1-1-1-1-1-1-1-1-1-1-1-1-1-1"]) {
      expect((maskCardForDisplay(v) ?? "").match(DIGITS)?.length ?? 0).toBeLessThanOrEqual(10);
    }
  });

  it("answers null for no card", () => {
    expect(maskCardForDisplay(null)).toBeNull();
    expect(maskCardForDisplay("  ")).toBeNull();
  });
});
