// Rule guarded (#13 Roles): each role is shown with a one-line description of what it allows in the new-user
// dialog: its own description, else a readable phrase built from its permissions (never the raw MODULE_ACTION names).
import { describe, expect, it } from "vitest";
import { PERMISSIONS } from "@/lib/permissions";
import { describePermissions, describeRole } from "./describe-role";

describe("what a role allows, in one line", () => {
  it("reads as a phrase, in a fixed order whatever the role's order", () => {
    expect(describePermissions(["TRANSACTIONS_EXPORT", "REFUNDS_APPROVE", "REFUNDS_CREATE"])).toBe("Refunds, refund approvals and exports");
    expect(describePermissions(["transactions_view"])).toBe("Viewing payments");
  });
  it("counts the rest past four phrases, and says 'everything' for all of them", () => {
    expect(describePermissions(["PAYMENTS_CREATE", "CAPTURES_CREATE", "VOIDS_CREATE", "REFUNDS_CREATE", "AUDIT_VIEW"])).toBe(
      "New payments, captures, voids and 2 more",
    );
    expect(describePermissions([...PERMISSIONS])).toBe("Everything in the dashboard");
  });
  it("counts permissions only the gateway uses, and never shows raw names", () => {
    expect(describePermissions(["AUDIT_VIEW", "SETTLEMENTS_VIEW"])).toBe("The audit log and 1 gateway-only permission");
    expect(describePermissions([])).toBe("No permissions");
  });
  it("prefers the role's own description", () => {
    expect(describeRole({ description: "  Month-end closing  ", permissions: ["AUDIT_VIEW"] })).toBe("Month-end closing");
    expect(describeRole({ description: "", permissions: ["AUDIT_VIEW"] })).toBe("The audit log");
  });
});

// Rule guarded (#15 Arabic): the summary is in the reader's language, Arabic phrases joined with the Arabic comma
// and "و" (never the English words or raw permission names).
describe("what a role allows, in Arabic", () => {
  const ar = { language: "ar", digits: "latn" } as const;
  it("reads as an Arabic phrase", () => {
    expect(describePermissions(["TRANSACTIONS_EXPORT", "REFUNDS_APPROVE", "REFUNDS_CREATE"], ar)).toBe(
      "الاستردادات، اعتماد الاستردادات والتصدير",
    );
    expect(describePermissions([...PERMISSIONS], ar)).toBe("كل ما في لوحة التحكم");
    expect(describePermissions([], ar)).toBe("بلا صلاحيات");
    expect(describeRole({ description: "", permissions: ["AUDIT_VIEW", "SETTLEMENTS_VIEW"] }, ar)).toBe(
      "سجل التدقيق وصلاحية واحدة خاصة بالبوابة",
    );
  });
});
