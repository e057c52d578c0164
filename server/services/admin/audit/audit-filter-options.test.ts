// Integration test of the audit filter form's choices on real databases. Rules guarded: the action select offers
// exactly the actions present in the log (sorted, once each) and the target-type list the types present; reading
// them needs AUDIT_VIEW.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets, type TestDatabase } from "../../../../tests/support/db.support";
import { testPrincipal } from "../../../../tests/support/services.support";
import { listAuditFilterOptions } from "./audit-filter-options";
import { seedAudit } from "../../../../tests/support/audit-fixtures.support";

describe.each(testDatabaseTargets())("audit filter options on $name", (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("offers each action and target type present in the log once, sorted; needs AUDIT_VIEW", async () => {
    const auditor = await testPrincipal(database.db, "Auditor", ["AUDIT_VIEW"]);
    const reader = await testPrincipal(database.db, "Reader", ["TRANSACTIONS_VIEW"]);
    await seedAudit(database.db, [
      { action: "refund.start", targetType: "payment" },
      { action: "auth.sign_in", targetType: "session" },
      { action: "auth.sign_in", targetType: "session" },
      { action: "auth.sign_in_failed" },
    ]);
    expect(await listAuditFilterOptions({ deps: { db: database.db }, principal: auditor, ip: null })).toEqual({
      actions: ["auth.sign_in", "auth.sign_in_failed", "refund.start"],
      targetTypes: ["payment", "session"],
    });
    await expect(listAuditFilterOptions({ deps: { db: database.db }, principal: reader, ip: null })).rejects.toMatchObject({
      code: "forbidden",
    });
  });
});
