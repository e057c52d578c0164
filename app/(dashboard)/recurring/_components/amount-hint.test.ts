// Rule guarded (#13): the form interface's whole-units rule is explained only when it applies (the configured
// recurring interface is the form one); with v2 JSON the hint never mentions it.
import { describe, expect, it } from "vitest";
import { amountHint, WHOLE_UNITS_HINT } from "./amount-hint";

describe("amountHint", () => {
  it("explains whole units only for the form interface", () => {
    expect(amountHint(true, "charge")).toBe(WHOLE_UNITS_HINT);
    expect(amountHint(true, "cycle")).toBe(WHOLE_UNITS_HINT);
    for (const per of ["charge", "cycle"] as const) expect(amountHint(false, per)).not.toMatch(/whole|decimal|interface/i);
  });
});
