// Rules guarded: AUTH_HOLD_DAYS defaults to 7 days for every brand; brands match however they are spelled; a
// malformed, out-of-range or duplicated entry stops start-up with the bad part named (a wrong countdown would let
// authorizations lapse uncaptured).
import { describe, expect, it } from "vitest";
import { authorizationExpiry, holdDaysFor, parseAuthHold } from "./auth-hold-config";
import { readConfig } from "./config";

describe("AUTH_HOLD_DAYS", () => {
  it("defaults to 7 days for every brand", () => {
    const c = readConfig({}).authHold;
    expect(holdDaysFor(c, "VISA")).toBe(7);
    expect(holdDaysFor(c, "mada")).toBe(7);
    expect(holdDaysFor(c, null)).toBe(7);
  });

  it("applies per-brand periods whatever the brand's spelling, the default to the rest", () => {
    const c = parseAuthHold("default=6, mada=5, visa=7, MasterCard=30");
    expect(holdDaysFor(c, "MADA")).toBe(5);
    expect(holdDaysFor(c, "VISA")).toBe(7);
    expect(holdDaysFor(c, "MC")).toBe(30);
    expect(holdDaysFor(c, "AMEX")).toBe(6);
    expect(authorizationExpiry(c, "mada", new Date("2026-01-01T00:00:00Z")).toISOString()).toBe("2026-01-06T00:00:00.000Z");
  });

  it("refuses malformed, out-of-range and duplicated entries, naming them", () => {
    expect(() => parseAuthHold("mada:5")).toThrow(/"mada:5" is not BRAND=DAYS/);
    expect(() => parseAuthHold("mada=0")).toThrow(/mada=0/);
    expect(() => parseAuthHold("VISA=31")).toThrow(/VISA=31/);
    expect(() => parseAuthHold("visa=5,VISA=7")).toThrow(/listed twice/);
    expect(() => readConfig({ AUTH_HOLD_DAYS: "mada=five" })).toThrow(/Invalid configuration[\s\S]*AUTH_HOLD_DAYS/);
  });
});
