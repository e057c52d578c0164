// Rule guarded: a refusal from the route shows beside the field it names (its zod path, with or without the
// `body.` prefix, nested paths by their first segment); errors about anything the form does not have are left to
// the form's general message, never set on a field that does not exist.
import { describe, expect, it } from "vitest";
import { fieldErrorsOn } from "./field-errors";

describe("fieldErrorsOn", () => {
  it("maps body.<field>, <field> and nested paths onto the form's fields, first message each", () => {
    const server = {
      "body.amount": ["Too much.", "Also this."],
      orderId: ["Already used."],
      "permissions.0": ["Unknown."],
      "body.cardToken": ["Bad token."],
    };
    expect(fieldErrorsOn(server, ["amount", "orderId", "permissions"] as const)).toEqual([
      ["amount", "Too much."],
      ["orderId", "Already used."],
      ["permissions", "Unknown."],
    ]);
  });
  it("no server fields, or empty message lists, give nothing", () => {
    expect(fieldErrorsOn(undefined, ["amount"])).toEqual([]);
    expect(fieldErrorsOn({ amount: [] }, ["amount"])).toEqual([]);
  });
});
