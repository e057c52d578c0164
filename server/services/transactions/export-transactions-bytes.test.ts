// Rule guarded (issue #17): making the CSV export faster changes no byte of it. A small ledger with every awkward
// value (quotes, commas, line breaks, formula starts, Arabic, NULLs, unknown kinds and currencies, 0- and
// 3-digit currencies, a daylight-saving change, microseconds just before a second, ties on created_at) is exported
// and compared with the exact text the export wrote before it was rewritten, for both sorts and a selection.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchParamsRecord, transactionExportQuerySchema } from "@/lib/transactions/list-query";
import type { Principal } from "../../auth/principal";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { testPrincipal } from "../../../tests/support/services.support";
import { clearPayments, seedPayments, setCreatedAtText } from "../../../tests/support/transactions-fixtures.support";
import { exportTransactions } from "./export-transactions";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

// The business zone is the one each case names, so that the pinned bytes cover the zones they always did.
async function exportText(database: TestDatabase, principal: Principal, qs: string, batchSize?: number): Promise<string> {
  const query = transactionExportQuerySchema.parse(searchParamsRecord(new URLSearchParams(qs)));
  const ctx = {
    deps: { db: database.db, now: () => new Date("2024-04-07T12:00:00Z"), config: { reportTimeZone: query.tz } },
    principal,
    ip: null,
  };
  const { stream } = await exportTransactions(ctx, query, { batchSize });
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}

describe.each(testDatabaseTargets())("transactions CSV export bytes on $name", (target) => {
  let database: TestDatabase;
  let exporter: Principal;
  beforeAll(async () => {
    database = await target.open();
    exporter = await testPrincipal(database.db, "Exporter", ["TRANSACTIONS_VIEW", "TRANSACTIONS_EXPORT"]);
    await clearPayments(database.db);
    await seedPayments(database.db, [
      {
        id: id(1),
        orderId: "INV-1",
        gatewayId: null,
        kind: "sale",
        status: "partially_refunded",
        currency: "KWD",
        amountMinor: 1234,
        authorizedMinor: 1234,
        capturedMinor: 1234,
        refundedMinor: 5,
        payerName: 'Haddad, "Noura"',
        payerEmail: null,
        cardBrand: null,
        cardLast4: null,
        branchId: "فرع الرياض",
        description: 'line one\r\nline two, "quoted"',
      },
      {
        id: id(2),
        orderId: "+SUM(A1)",
        gatewayId: "=cmd|' /C calc'!A0",
        kind: "-2+3",
        status: "voided",
        currency: "JPY",
        amountMinor: 500,
        authorizedMinor: 500,
        capturedMinor: 0,
        payerName: "@admin",
        payerEmail: "\ttab@example.com",
        cardBrand: "VISA",
        cardLast4: "0042",
        description: "",
      },
      {
        id: id(3),
        orderId: "ORD 3",
        gatewayId: "gw-3",
        kind: "payment_link",
        status: "captured",
        currency: "XYZ",
        amountMinor: 123456789012,
        authorizedMinor: 123456789012,
        capturedMinor: 123456789012,
        payerName: "نورة الحداد",
        description: "\rstarts with a carriage return",
      },
      {
        id: id(4),
        orderId: "ORD-4",
        gatewayId: "gw-4",
        kind: "recurring",
        status: "declined",
        currency: "SAR",
        amountMinor: 7,
        authorizedMinor: 0,
        capturedMinor: 0,
      },
      {
        id: id(5),
        orderId: "ORD-5",
        gatewayId: "gw-5",
        kind: "token_sale",
        status: "refunded",
        currency: "USD",
        amountMinor: 100,
        refundedMinor: 100,
      },
    ]);
    // America/Santiago left daylight-saving time at 2024-04-07 00:00 local (-03 → -04): the clock read 23:59:59
    // twice. Microseconds just before a second must not round up; rows 4 and 5 tie on created_at (id breaks it).
    await setCreatedAtText(database.db, id(1), "2024-04-07 02:59:59.999999+00");
    await setCreatedAtText(database.db, id(2), "2024-04-07 03:59:59.999999+00");
    await setCreatedAtText(database.db, id(3), "2024-04-07 03:00:00+00");
    await setCreatedAtText(database.db, id(4), "2024-01-31 21:00:00.5+00");
    await setCreatedAtText(database.db, id(5), "2024-01-31 21:00:00.5+00");
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const HEADER =
    "Payment ID,Order ID,Gateway ID,Type,Status,Amount,Currency,Captured,Refunded,Payer name,Payer e-mail,Card brand,Card last 4,Branch,Description\r\n";
  const ROW = {
    1: `${id(1)},INV-1,,Card payment (card saved),Partially refunded,1.234,KWD,1.234,0.005,"Haddad, ""Noura""",,,,فرع الرياض,"line one\r\nline two, ""quoted"""\r\n`,
    2: `${id(2)},'+SUM(A1),'=cmd|' /C calc'!A0,'-2+3,Voided,500,JPY,0,0,'@admin,'\ttab@example.com,VISA,0042,,\r\n`,
    3: `${id(3)},ORD 3,gw-3,Payment link,Captured,123456789012,XYZ,123456789012,0,نورة الحداد,payer@example.com,,1111,,"'\rstarts with a carriage return"\r\n`,
    4: `${id(4)},ORD-4,gw-4,Recurring charge,Declined,0.07,SAR,0.00,0.00,,payer@example.com,,1111,,\r\n`,
    5: `${id(5)},ORD-5,gw-5,Saved card,Refunded,1.00,USD,1.00,1.00,,payer@example.com,,1111,,\r\n`,
  };

  it("writes exactly the pinned bytes, newest first, in a zone that changes its clocks", async () => {
    expect(await exportText(database, exporter, "tz=America/Santiago", 2)).toBe(
      "\uFEFFCreated (America/Santiago)," +
        HEADER +
        `2024-04-06 23:59:59,${ROW[2]}` +
        `2024-04-06 23:00:00,${ROW[3]}` +
        `2024-04-06 23:59:59,${ROW[1]}` +
        `2024-01-31 18:00:00,${ROW[5]}` +
        `2024-01-31 18:00:00,${ROW[4]}`,
    );
  });

  it("writes exactly the pinned bytes by amount, smallest first, across batches of two", async () => {
    expect(await exportText(database, exporter, "tz=Asia/Riyadh&sort=amount&dir=asc", 2)).toBe(
      "\uFEFFCreated (Asia/Riyadh)," +
        HEADER +
        `2024-02-01 00:00:00,${ROW[4]}` +
        `2024-02-01 00:00:00,${ROW[5]}` +
        `2024-04-07 06:59:59,${ROW[2]}` +
        `2024-04-07 05:59:59,${ROW[1]}` +
        `2024-04-07 06:00:00,${ROW[3]}`,
    );
  });

  it("writes exactly the pinned bytes for a selection, in the default batch size", async () => {
    expect(await exportText(database, exporter, `tz=UTC&ids=${id(2)}&ids=${id(5)}`)).toBe(
      "\uFEFFCreated (UTC)," + HEADER + `2024-04-07 03:59:59,${ROW[2]}` + `2024-01-31 21:00:00,${ROW[5]}`,
    );
  });
});
