// Rule guarded: every configured refund reason is shown in words, even a code added through REFUND_REASONS that has
// no label of its own (never a raw snake_case code, never an empty string), and known codes keep their label.
import { describe, expect, it } from "vitest";
import { reasonLabel } from "./payment-actions-values";

describe("reasonLabel", () => {
  it("uses the label of a known code", () => {
    expect(reasonLabel("customer_request")).toBe("Customer request");
    expect(reasonLabel("duplicate")).toBe("Duplicate payment");
  });
  it("makes a readable fallback for a configured code without a label", () => {
    expect(reasonLabel("goods_not_received")).toBe("Goods not received");
    expect(reasonLabel("chargeback-risk")).toBe("Chargeback risk");
    expect(reasonLabel("__late__delivery_")).toBe("Late delivery");
    expect(reasonLabel("VAT_refund")).toBe("VAT refund");
  });
  it("does not mistake an object property for a label", () => {
    expect(reasonLabel("constructor")).toBe("Constructor");
    expect(reasonLabel("toString")).toBe("ToString");
  });
  it("keeps a code that has no words as it is", () => {
    expect(reasonLabel("_")).toBe("_");
    expect(reasonLabel("")).toBe("");
  });
});
