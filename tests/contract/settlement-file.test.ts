// The sandbox plays the acquirer, and the dashboard reads what it sends: the sandbox's daily settlement report (CSV
// with English headers, XLSX with Arabic ones) of real sandbox captures and refunds is mapped by the dashboard's
// header suggestion alone, imported, and matched against a ledger holding those payments. Rules guarded: a clean
// file matches every line (sales at their captured amount, a refund as a negative line, fees and VAT at the
// configured rates, net = gross − fee − VAT); an injected RRN the gateway never issued is exactly one not_in_ledger
// exception; an injected duplicate line is exactly one duplicate; a dropped line is one line fewer. Both databases.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { suggestColumns, type SettlementLayout } from "@/lib/reconciliation/settlement-layout";
import type { RunningSandbox } from "../../sandbox/server";
import type { Principal } from "../../server/auth/principal";
import { readConfig } from "../../server/config";
import { settlementLines } from "../../server/db/schema";
import type { ServiceContext, ServiceDeps } from "../../server/services/deps";
import { importSettlementFile } from "../../server/services/reconciliation/import-settlement-file";
import { openSettlementFile } from "../../server/services/reconciliation/settlement-file-rows";
import { saveSettlementLayout } from "../../server/services/reconciliation/settlement-layouts";
import { testDatabaseTargets, type TestDatabase } from "../support/db.support";
import { capture, creditvoid, pay, start } from "../support/sandbox-client.support";
import { testPrincipal } from "../support/services.support";
import { seedPayments } from "../support/transactions-fixtures.support";

// The file lists one day in one zone. A zone where it is about noon now keeps midnight 12 hours away, so payments made
// by this test never straddle the day the file lists (in Riyadh's own zone a run at 20:59 UTC would).
const offset = 12 - new Date().getUTCHours();
const ZONE = offset === 0 ? "UTC" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
const today = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date());

async function* once(bytes: Buffer): AsyncGenerator<Uint8Array> {
  yield bytes;
}

describe.each(testDatabaseTargets())("the sandbox's settlement file, imported on $name", (target) => {
  let sb: RunningSandbox;
  let database: TestDatabase;
  let deps: ServiceDeps;
  let finance: Principal;
  const as = (): ServiceContext => ({ deps, principal: finance, ip: "203.0.113.5" });

  const fetchFile = async (query: string) => {
    const res = await fetch(`${sb.url}/__sandbox/settlement-file?date=${today}&tz=${encodeURIComponent(ZONE)}&${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };
  /** A layout made from the file's header by the suggestion alone, saved under `name`. */
  const layoutFor = async (bytes: Buffer, name: string, dateFormat: SettlementLayout["dateFormat"]) => {
    const file = await openSettlementFile(once(bytes));
    const columns = suggestColumns(file.headers);
    expect(Object.keys(columns).sort()).toEqual(
      [
        "authCode",
        "batchRef",
        "cardBrand",
        "currency",
        "fee",
        "gross",
        "maskedCard",
        "net",
        "rrn",
        "settlementDate",
        "terminalId",
        "transactionDate",
        "vatOnFee",
      ].sort(),
    );
    return (await saveSettlementLayout(as(), { name, columns, dateFormat, timeZone: ZONE, decimalSeparator: ".", currency: null })).id;
  };

  beforeAll(async () => {
    sb = await start();
    database = await target.open();
    deps = {
      db: database.db,
      config: readConfig({ DATA_DIR: "/tmp/unused-test-data" }),
      now: () => new Date(),
      gateway: undefined as never,
    };
    finance = await testPrincipal(database.db, "Fatima", ["RECONCILIATION_MANAGE"]);
    // Three sandbox payments today: a sale, an authorization captured later, a sale refunded in part.
    const sale = await pay(sb, { amount: "100.00" });
    const auth = await pay(sb, { auth: true, amount: "50.00" });
    expect((await capture(sb, auth, "50.00")).body.result).toBe("SUCCESS");
    const refunded = await pay(sb, { amount: "200.00" });
    expect((await creditvoid(sb, refunded, "80.00")).body.result).toMatch(/^accepted$/i);
    // The ledger knows them as the gateway's answers and notifications told it.
    await seedPayments(
      database.db,
      [sale, auth, refunded].map((id) => {
        const p = sb.state.payment(id)!;
        return {
          orderId: p.orderId,
          gatewayId: p.id,
          rrn: p.rrn,
          status: p.refundedMinor ? "partially_refunded" : "captured",
          amountMinor: p.amountMinor,
          authorizedMinor: p.amountMinor,
          capturedMinor: p.capturedMinor,
          refundedMinor: p.refundedMinor,
        };
      }),
    );
  });
  afterAll(async () => {
    await sb?.close();
    await database?.dispose();
  });
  beforeEach(async () => {
    // Each case imports its own file of the same day: the lines of an earlier case would make every line a duplicate.
    await database.db.execute(sql`delete from reconciliation_exceptions`);
    await database.db.execute(sql`delete from settlement_lines`);
    await database.db.execute(sql`delete from settlement_files`);
  });

  it("a clean CSV (English headers) matches every line, with fees, VAT and net as the rates say", async () => {
    const bytes = await fetchFile("format=csv&layout=en&fees=VISA:2&vat=15");
    const layoutId = await layoutFor(bytes, "Sandbox acquirer (en)", "DD/MM/YYYY");
    const imported = await importSettlementFile(as(), { filename: "settlement-en.csv", layoutId, source: once(bytes) });
    expect(imported.matches).toEqual({ matched: 4, amount_mismatch: 0, duplicate: 0, not_in_ledger: 0 });
    const lines = await database.db.select().from(settlementLines).orderBy(settlementLines.line);
    expect(lines.map((l) => [l.grossMinor, l.feeMinor, l.vatMinor, l.netMinor])).toEqual([
      [10_000, 200, 30, 9_770],
      [5_000, 100, 15, 4_885],
      [20_000, 400, 60, 19_540],
      [-8_000, 0, 0, -8_000],
    ]);
    expect(lines.every((l) => l.batchRef === `B${today.replace(/-/g, "")}-SAR` && l.cardLast4 === "1111")).toBe(true);
  });

  it("an XLSX with Arabic headers reads the same way", async () => {
    const bytes = await fetchFile("format=xlsx&layout=ar");
    const layoutId = await layoutFor(bytes, "Sandbox acquirer (ar)", "YYYY-MM-DD");
    const imported = await importSettlementFile(as(), { filename: "settlement-ar.xlsx", layoutId, source: once(bytes) });
    expect(imported.matches).toEqual({ matched: 4, amount_mismatch: 0, duplicate: 0, not_in_ledger: 0 });
  });

  it.each([
    ["unknown_rrn", { matched: 4, amount_mismatch: 0, duplicate: 0, not_in_ledger: 1 }],
    ["duplicate", { matched: 4, amount_mismatch: 0, duplicate: 1, not_in_ledger: 0 }],
    ["missing_line", { matched: 3, amount_mismatch: 0, duplicate: 0, not_in_ledger: 0 }],
  ] as const)("the %s fault is found exactly", async (fault, matches) => {
    const bytes = await fetchFile(`format=csv&layout=en&faults=${fault}`);
    const layoutId = await layoutFor(bytes, `Sandbox ${fault}`, "DD/MM/YYYY");
    const imported = await importSettlementFile(as(), { filename: `${fault}.csv`, layoutId, source: once(bytes) });
    expect(imported.matches).toEqual(matches);
  });

  it("refuses a bad query with the reason", async () => {
    const res = await fetch(`${sb.url}/__sandbox/settlement-file?date=2026-13-45`);
    expect(res.status).toBe(400);
    const faults = await fetch(`${sb.url}/__sandbox/settlement-file?date=${today}&faults=everything`);
    expect(await faults.text()).toContain("unknown faults: everything");
  });
});
