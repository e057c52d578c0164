// Rule guarded (#13): the form interface's whole-units rule is explained only when it applies (the configured
// recurring interface is the form one); with v2 JSON the hint never mentions it.
import { describe, expect, it } from "vitest";
// The English catalog read as data (a test; components get their words through next-intl).
import en from "../../../../messages/en/recurring.json";
import { amountHint } from "./amount-hint";

describe("amountHint", () => {
  it("explains whole units only for the form interface", () => {
    expect(amountHint(true, "charge")).toBe("wholeUnits");
    expect(amountHint(true, "cycle")).toBe("wholeUnits");
    expect(en.amountHint.wholeUnits).toMatch(/whole units/i);
    for (const per of ["charge", "cycle"] as const) expect(en.amountHint[amountHint(false, per)]).not.toMatch(/whole|decimal|interface/i);
  });
});
