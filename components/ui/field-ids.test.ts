// Rule guarded: a field error is announced with its control (aria-invalid + aria-describedby pointing at the
// rendered message), and a valid field carries neither attribute.
import { describe, expect, it } from "vitest";
import { fieldAria, fieldIds } from "./field-ids";

describe("fieldIds", () => {
  it("derives hint and error ids from the control id", () => {
    expect(fieldIds("amount")).toEqual({ id: "amount", hintId: "amount-hint", errorId: "amount-error" });
  });
});

describe("fieldAria", () => {
  it("marks an invalid field and points at hint then error", () => {
    expect(fieldAria("amount", { hint: true, error: true })).toEqual({
      "aria-invalid": true,
      "aria-describedby": "amount-hint amount-error",
    });
  });
  it("keeps a caller's own description", () => {
    expect(fieldAria("a", { error: true, describedBy: "refundable" })["aria-describedby"]).toBe("a-error refundable");
  });
  it("sets nothing on a plain valid field", () => {
    expect(fieldAria("a", {})).toEqual({ "aria-invalid": undefined, "aria-describedby": undefined });
  });
});
