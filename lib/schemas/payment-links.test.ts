// Rules guarded: a link staff cancelled shows as cancelled, except when money moved anyway (paid is the truth);
// only a link the customer can still pay may be cancelled; the description is optional, trimmed and bounded.
import { describe, expect, it } from "vitest";
import { linkCancellable, linkStatus } from "@/lib/payment-link-status";
import { createLinkSchema } from "./payment-links";

const base = {
  orderId: "PL-1",
  amount: "10",
  currency: "SAR",
  auth: "sale",
  customerName: "N",
  email: "n@example.com",
  phone: "+966500000000",
};

describe("payment link status and cancel", () => {
  it("a cancelled link is cancelled, unless the gateway's money moved", () => {
    expect(linkStatus("failed", "2030-01-01", "2029-01-01", true)).toBe("cancelled");
    expect(linkStatus("pending", "2030-01-01", "2029-01-01", true)).toBe("cancelled");
    expect(linkStatus("captured", "2030-01-01", "2029-01-01", true)).toBe("paid");
    expect(linkStatus("failed", "2030-01-01", "2029-01-01", false)).toBe("failed");
  });
  it("only a waiting link can be cancelled", () => {
    expect(linkCancellable("waiting")).toBe(true);
    for (const s of ["paid", "expired", "failed", "cancelled"] as const) expect(linkCancellable(s)).toBe(false);
  });
  it("the description is optional, trimmed, and at most 200 characters", () => {
    expect(createLinkSchema.parse({ ...base, description: "  Gym  " }).description).toBe("Gym");
    expect(createLinkSchema.parse({ ...base, description: "" }).description).toBeUndefined();
    expect(createLinkSchema.safeParse({ ...base, description: "x".repeat(201) }).success).toBe(false);
  });
});
