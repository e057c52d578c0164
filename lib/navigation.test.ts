// Rule guarded: the sidebar shows an area to exactly the users whose permissions open its page. A refund approver
// with no other permission must still reach Refunds (the page accepts REFUNDS_CREATE or REFUNDS_APPROVE).
import { describe, expect, it } from "vitest";
import { visibleNav } from "./navigation";
import type { Permission } from "./permissions";

const hrefsFor = (perms: Permission[]) => visibleNav(new Set(perms)).map((i) => i.href);

describe("visibleNav", () => {
  it("shows Refunds to an approver alone, to a requester alone, and to neither without those permissions", () => {
    expect(hrefsFor(["REFUNDS_APPROVE"])).toContain("/refunds");
    expect(hrefsFor(["REFUNDS_CREATE"])).toContain("/refunds");
    expect(hrefsFor(["TRANSACTIONS_VIEW"])).not.toContain("/refunds");
  });
  it("shows Overview to every signed-in user and nothing else without permissions", () => {
    expect(hrefsFor([])).toEqual(["/overview"]);
  });
  it("shows Customers to whoever may read transactions (who paid is in every transaction), not to saved-cards readers alone", () => {
    expect(hrefsFor(["TRANSACTIONS_VIEW"])).toContain("/customers");
    expect(hrefsFor(["SAVED_CARDS_VIEW"])).not.toContain("/customers");
  });
});
