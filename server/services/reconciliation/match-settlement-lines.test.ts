// Integration tests of matching a settlement file against the ledger, on a real database (PGlite, and PostgreSQL
// when TEST_POSTGRES_URL is set). Rules guarded, each with a line made for it: a line is matched by its RRN, else by
// the gateway's id; a sale line must carry what the ledger captured (amount_mismatch with both amounts otherwise); a
// payment settled twice is a duplicate, whether the first line is in this file or an earlier one; a refund line may
// not exceed what the ledger refunded; a line the ledger does not know is not_in_ledger; an RRN two payments share
// matches neither; every finding is exactly one open exception, and matched lines make none.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../auth/principal";
import { reconciliationExceptions, settlementLines } from "../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { testPrincipal } from "../../../tests/support/services.support";
import { seedPayments } from "../../../tests/support/transactions-fixtures.support";
import { readConfig } from "../../config";
import type { ServiceContext, ServiceDeps } from "../deps";
import { importSettlementFile } from "./import-settlement-file";
import { saveSettlementLayout } from "./settlement-layouts";

async function* bytes(text: string): AsyncGenerator<Uint8Array> {
  yield Buffer.from(text, "utf8");
}

const HEADER = "Date,RRN,Transaction ID,Gross";

describe.each(testDatabaseTargets())("matching settlement lines on $name", (target) => {
  let database: TestDatabase;
  let deps: ServiceDeps;
  let finance: Principal;
  let layoutId: string;
  const as = (principal: Principal): ServiceContext => ({ deps, principal, ip: "203.0.113.8" });
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await target.open();
    deps = {
      db: database.db,
      config: readConfig({ DATA_DIR: "/tmp/unused-test-data" }),
      now: () => new Date(),
      gateway: undefined as never,
    };
    finance = await testPrincipal(database.db, "Fatima", ["RECONCILIATION_MANAGE"]);
    layoutId = (
      await saveSettlementLayout(as(finance), {
        name: "Matching test",
        columns: { transactionDate: "Date", rrn: "RRN", gatewayId: "Transaction ID", gross: "Gross" },
        dateFormat: "YYYY-MM-DD",
        timeZone: "Asia/Riyadh",
        decimalSeparator: ".",
        currency: "SAR",
      })
    ).id;
    const seeded = await seedPayments(database.db, [
      {
        orderId: "M-RRN",
        rrn: "700000000001",
        gatewayId: "gw-m-1",
        status: "captured",
        amountMinor: 100_000,
        authorizedMinor: 100_000,
        capturedMinor: 100_000,
      },
      {
        orderId: "M-GW",
        rrn: null,
        gatewayId: "gw-m-2",
        status: "captured",
        amountMinor: 5_000,
        authorizedMinor: 5_000,
        capturedMinor: 5_000,
      },
      {
        orderId: "M-REF",
        rrn: "700000000003",
        gatewayId: "gw-m-3",
        status: "partially_refunded",
        amountMinor: 20_000,
        authorizedMinor: 20_000,
        capturedMinor: 20_000,
        refundedMinor: 5_000,
      },
      {
        orderId: "M-SHARED-A",
        rrn: "700000000004",
        gatewayId: "gw-m-4a",
        status: "captured",
        amountMinor: 1_000,
        authorizedMinor: 1_000,
        capturedMinor: 1_000,
      },
      {
        orderId: "M-SHARED-B",
        rrn: "700000000004",
        gatewayId: "gw-m-4b",
        status: "captured",
        amountMinor: 1_000,
        authorizedMinor: 1_000,
        capturedMinor: 1_000,
      },
      {
        orderId: "M-LATER",
        rrn: "700000000005",
        gatewayId: "gw-m-5",
        status: "captured",
        amountMinor: 3_000,
        authorizedMinor: 3_000,
        capturedMinor: 3_000,
      },
    ]);
    for (const p of seeded) ids[p.orderId] = p.id;
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("finds each kind of line exactly, and opens one exception per finding", async () => {
    const file = [
      HEADER,
      "2026-12-07,700000000001,,1000.00", // 2: matched by RRN
      "2026-12-07,,gw-m-2,60.00", // 3: by gateway id, but 60.00 where 50.00 was captured
      "2026-12-07,799999999999,,10.00", // 4: unknown
      "2026-12-07,700000000001,,1000.00", // 5: the same payment again
      "2026-12-07,700000000003,,(50.00)", // 6: a refund the ledger holds
      "2026-12-07,700000000003,,(80.00)", // 7: more than was refunded
      "2026-12-07,700000000004,,10.00", // 8: an RRN two payments share, no gateway id: matches neither
      "2026-12-07,700000000004,gw-m-4b,10.00", // 9: the shared RRN, told apart by the gateway id
      "2026-12-07,700000000005,,30.00", // 10: matched
    ].join("\n");
    const imported = await importSettlementFile(as(finance), { filename: "match-1.csv", layoutId, source: bytes(file) });
    expect(imported.matches).toEqual({ matched: 4, amount_mismatch: 2, duplicate: 1, not_in_ledger: 2 });

    const lines = await database.db
      .select()
      .from(settlementLines)
      .where(eq(settlementLines.fileId, imported.fileId))
      .orderBy(settlementLines.line);
    const orderOf = (paymentId: string | null) => Object.entries(ids).find(([, id]) => id === paymentId)?.[0] ?? null;
    expect(lines.map((l) => [l.line, l.matchState, l.matchRule, orderOf(l.paymentId)])).toEqual([
      [2, "matched", "rrn", "M-RRN"],
      [3, "amount_mismatch", "gateway_id", "M-GW"],
      [4, "not_in_ledger", null, null],
      [5, "duplicate", "rrn", "M-RRN"],
      [6, "matched", "rrn", "M-REF"],
      [7, "amount_mismatch", "rrn", "M-REF"],
      [8, "not_in_ledger", null, null],
      [9, "matched", "gateway_id", "M-SHARED-B"],
      [10, "matched", "rrn", "M-LATER"],
    ]);

    const exceptions = await database.db
      .select()
      .from(reconciliationExceptions)
      .where(eq(reconciliationExceptions.fileId, imported.fileId));
    const lineOf = (lineId: string | null) => lines.find((l) => l.id === lineId)?.line;
    expect(exceptions.map((e) => [lineOf(e.lineId), e.kind, e.state, e.detail]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [3, "amount_mismatch", "open", { ledgerMinor: 5_000, ledgerCurrency: "SAR", fileMinor: 6_000, fileCurrency: "SAR" }],
      [4, "not_in_ledger", "open", { rrn: "799999999999", gatewayId: null }],
      [5, "duplicate", "open", { firstFileId: imported.fileId, firstLine: 2 }],
      [7, "amount_mismatch", "open", { ledgerMinor: -5_000, ledgerCurrency: "SAR", fileMinor: -8_000, fileCurrency: "SAR" }],
      [8, "not_in_ledger", "open", { rrn: "700000000004", gatewayId: null }],
    ]);
  });

  it("a payment a later file settles again is a duplicate naming the earlier file's line", async () => {
    const imported = await importSettlementFile(as(finance), {
      filename: "match-2.csv",
      layoutId,
      source: bytes([HEADER, "2026-12-08,700000000005,,30.00"].join("\n")),
    });
    expect(imported.matches).toEqual({ matched: 0, amount_mismatch: 0, duplicate: 1, not_in_ledger: 0 });
    const [exception] = await database.db
      .select()
      .from(reconciliationExceptions)
      .where(eq(reconciliationExceptions.fileId, imported.fileId));
    expect(exception).toMatchObject({ kind: "duplicate", paymentId: ids["M-LATER"], detail: { firstLine: 10 } });
  });
});
