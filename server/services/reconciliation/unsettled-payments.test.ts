// Integration tests of "not in any file", on a real database (PGlite, and PostgreSQL when TEST_POSTGRES_URL is set).
// Rules guarded: a payment captured longer ago than its brand's settlement lag that no imported file lists becomes one
// open exception (and only one, however many imports look again); a payment still within its lag, one captured
// before the first day any file covers, one a file lists, and an authorization captured only recently are not
// flagged; the lag is per brand (SETTLEMENT_LAG_DAYS); a later file that lists the payment closes the exception as
// settled late.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../auth/principal";
import { paymentActions, reconciliationExceptions } from "../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { testPrincipal } from "../../../tests/support/services.support";
import { seedPayments } from "../../../tests/support/transactions-fixtures.support";
import { readConfig } from "../../config";
import type { ServiceContext, ServiceDeps } from "../deps";
import { importSettlementFile } from "./import-settlement-file";
import { saveSettlementLayout } from "./settlement-layouts";

const DAY = 86_400_000;
const NOW = new Date();
const daysAgo = (n: number) => new Date(NOW.getTime() - n * DAY);
const ymd = (d: Date) => d.toISOString().slice(0, 10);

async function* bytes(text: string): AsyncGenerator<Uint8Array> {
  yield Buffer.from(text, "utf8");
}

describe.each(testDatabaseTargets())("captured payments no settlement file lists, on $name", (target) => {
  let database: TestDatabase;
  let deps: ServiceDeps;
  let finance: Principal;
  let layoutId: string;
  const ids: Record<string, string> = {};
  const as = (): ServiceContext => ({ deps, principal: finance, ip: "203.0.113.6" });
  const openFor = (orderId: string) =>
    database.db
      .select()
      .from(reconciliationExceptions)
      .where(and(eq(reconciliationExceptions.kind, "not_in_file"), eq(reconciliationExceptions.paymentId, ids[orderId]!)));
  const file = (...lines: string[]) => bytes(["Date,RRN,Gross", ...lines].join("\n"));

  beforeAll(async () => {
    database = await target.open();
    deps = {
      db: database.db,
      config: readConfig({ DATA_DIR: "/tmp/unused-test-data", SETTLEMENT_LAG_DAYS: "default=4,mada=15" }),
      now: () => NOW,
      gateway: undefined as never,
    };
    finance = await testPrincipal(database.db, "Fatima", ["RECONCILIATION_MANAGE"]);
    layoutId = (
      await saveSettlementLayout(as(), {
        name: "Unsettled test",
        columns: { transactionDate: "Date", rrn: "RRN", gross: "Gross" },
        dateFormat: "YYYY-MM-DD",
        timeZone: "UTC",
        decimalSeparator: ".",
        currency: "SAR",
      })
    ).id;
    const sale = (orderId: string, rrn: string, createdAt: Date, cardBrand = "VC") => ({
      orderId,
      rrn,
      cardBrand,
      status: "captured",
      intent: "sale",
      amountMinor: 1_000,
      authorizedMinor: 1_000,
      capturedMinor: 1_000,
      createdAt,
      updatedAt: createdAt,
    });
    const seeded = await seedPayments(database.db, [
      sale("U-LISTED", "800000000001", daysAgo(10)),
      sale("U-MISSING", "800000000002", daysAgo(10)),
      sale("U-RECENT", "800000000003", daysAgo(1)),
      sale("U-BEFORE", "800000000004", daysAgo(40)),
      sale("U-MADA", "800000000005", daysAgo(10), "MADA"),
      { ...sale("U-AUTH", "800000000006", daysAgo(12)), intent: "authorize", updatedAt: daysAgo(2) },
    ]);
    for (const p of seeded) ids[p.orderId] = p.id;
    // The authorization was captured two days ago, from the dashboard.
    await database.db.insert(paymentActions).values({
      paymentId: ids["U-AUTH"]!,
      type: "capture",
      state: "succeeded",
      amountMinor: 1_000,
      currency: "SAR",
      idempotencyKey: "k_unsettled_capture",
      requestHash: "h",
      requestedBy: finance.userId,
      createdAt: daysAgo(2),
      updatedAt: daysAgo(2),
      completedAt: daysAgo(2),
    });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("flags only the payment past its lag that no file lists, once however many imports look", async () => {
    const first = await importSettlementFile(as(), {
      filename: "u-1.csv",
      layoutId,
      source: file(`${ymd(daysAgo(10))},800000000001,10.00`),
    });
    expect(first.matches.matched).toBe(1);
    expect(first.notInFile).toBe(1);
    const [open] = await openFor("U-MISSING");
    expect(open).toMatchObject({ state: "open", detail: { orderId: "U-MISSING", lagDays: 4 } });
    for (const other of ["U-LISTED", "U-RECENT", "U-BEFORE", "U-MADA", "U-AUTH"]) expect(await openFor(other), other).toEqual([]);

    const second = await importSettlementFile(as(), {
      filename: "u-2.csv",
      layoutId,
      source: file(`${ymd(daysAgo(9))},899999999999,1.00`),
    });
    expect(second.notInFile).toBe(0);
    expect(await openFor("U-MISSING")).toHaveLength(1);
  });

  it("a later file that lists the payment closes its exception as settled late", async () => {
    const late = await importSettlementFile(as(), {
      filename: "u-3.csv",
      layoutId,
      source: file(`${ymd(daysAgo(10))},800000000002,10.00`),
    });
    expect(late.matches.matched).toBe(1);
    const [closed] = await openFor("U-MISSING");
    expect(closed).toMatchObject({ state: "resolved", resolution: "settled_late" });
    expect(closed!.resolvedAt).toEqual(NOW);
  });
});
