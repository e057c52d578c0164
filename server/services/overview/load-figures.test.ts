// Rules guarded: the Overview asks for figures only for a user with TRANSACTIONS_VIEW — without it the page gets
// null (no figure, no refusal thrown into the page), and with it the reports service's figures for the period and
// filters (a seeded sale in the period, another currency filtered out).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolvePeriod } from "@/lib/reports/period";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { testPrincipal } from "../../../tests/support/services.support";
import { insertPayment } from "../../ledger/payments";
import { loadOverviewFigures } from "./load-figures";

const zone = "Asia/Riyadh";

describe.each(testDatabaseTargets())("overview figures for the page ($name)", (target) => {
  let database: TestDatabase;
  const now = new Date();
  beforeAll(async () => {
    database = await target.open();
    let i = 0;
    for (const [currency, amountMinor] of [
      ["SAR", 12_345],
      ["USD", 2_000],
    ] as const) {
      await insertPayment(database.db, {
        orderId: `ovl-${Date.now().toString(36)}-${++i}`,
        kind: "sale",
        status: "captured",
        currency,
        amountMinor,
        authorizedMinor: amountMinor,
        capturedMinor: amountMinor,
        cardBrand: "VISA",
        createdAt: new Date(now.getTime() - 60_000),
      });
    }
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("gives no figures (null, no error) to a user without TRANSACTIONS_VIEW", async () => {
    const none = await testPrincipal(database.db, "Branches only", ["BRANCHES_VIEW"]);
    const period = resolvePeriod({ period: "today" }, zone, now);
    expect(await loadOverviewFigures({ deps: { db: database.db }, principal: none, ip: null }, period, {})).toBeNull();
  });

  it("gives the period's figures, per currency and filtered, to a user who may read the transactions", async () => {
    const reader = await testPrincipal(database.db, "Reader", ["TRANSACTIONS_VIEW"]);
    const period = resolvePeriod({ period: "7d" }, zone, now);
    const f = await loadOverviewFigures({ deps: { db: database.db }, principal: reader, ip: null }, period, { currency: "SAR" });
    expect(f!.current.byCurrency.map((c) => [c.currency, c.gross.minor])).toEqual([["SAR", 12_345]]);
    expect(f!.series).toHaveLength(7);
  });
});
