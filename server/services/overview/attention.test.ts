// Rules guarded: the Overview's "needs attention" counts are right (unknown outcomes, authorizations to capture,
// refunds waiting for approval, paused billing plans, notifications that failed verification in the last 24 h), and each is shown only to a user whose permissions let them
// see or act on it: a role without TRANSACTIONS_VIEW learns nothing about the ledger from the Overview.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { insertPayment } from "../../ledger/payments";
import { gatewayNotifications } from "../../db/schema";
import { testPrincipal } from "../../../tests/support/services.support";
import { attentionItems } from "./attention";

describe.each(testDatabaseTargets())("overview attention ($name)", (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.open();
    let i = 0;
    const add = (status: string) =>
      insertPayment(database.db, {
        orderId: `att-${Date.now().toString(36)}-${++i}`,
        kind: "sale",
        status,
        currency: "SAR",
        amountMinor: 500,
        authorizedMinor: status === "authorized" ? 500 : 0,
      });
    for (const s of ["unknown", "unknown", "authorized", "captured", "declined"]) await add(s);
    // #16: notifications that failed verification count for 24 hours; an older one and a valid one do not.
    const note = (key: string, receivedAt: Date, processingResult: string | null, hashValid: boolean) =>
      database.db.insert(gatewayNotifications).values({ dedupeKey: key, receivedAt, hashValid, processingResult, payload: {} });
    await note("att-failed-now", new Date(Date.now() - 3_600_000), "invalid_hash", false);
    await note("att-failed-old", new Date(Date.now() - 25 * 3_600_000), "invalid_hash", false);
    await note("att-valid", new Date(), "applied", true);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("counts what waits, per area the user may open", async () => {
    const all = await testPrincipal(database.db, "All", ["TRANSACTIONS_VIEW", "CAPTURES_CREATE", "REFUNDS_APPROVE", "RECURRING_CHARGE"]);
    const items = Object.fromEntries(
      (await attentionItems({ deps: { db: database.db }, principal: all, ip: null })).map((a) => [a.id, a.count]),
    );
    expect(items).toEqual({ unknown_outcomes: 2, to_capture: 1, refund_approvals: 0, paused_plans: 0, failed_notifications: 1 });
  });

  it("shows nothing to a user who may open none of those areas", async () => {
    const none = await testPrincipal(database.db, "Saved cards only", ["SAVED_CARDS_VIEW"]);
    expect(await attentionItems({ deps: { db: database.db }, principal: none, ip: null })).toEqual([]);
    const capturer = await testPrincipal(database.db, "Capturer", ["CAPTURES_CREATE"]);
    expect((await attentionItems({ deps: { db: database.db }, principal: capturer, ip: null })).map((a) => a.id)).toEqual(["to_capture"]);
  });
});
