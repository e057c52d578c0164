// Integration tests of importing settlement files, on a real database (PGlite, and PostgreSQL when TEST_POSTGRES_URL
// is set). Rules guarded: a file is imported whole, its lines typed and kept as written, with its audit row; a file
// with a bad line imports nothing and names every bad line (line number, column, value); the same file again is
// refused (its SHA-256), even under another name; a file whose header lacks the layout's columns is refused by
// naming them; a file over the size cap or not CSV/XLSX is refused by name; every refusal is audited; a layout is
// saved by name (any case updates it) and audited with before and after; only RECONCILIATION_MANAGE may import.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../auth/principal";
import { auditLog, settlementFiles, settlementLines } from "../../db/schema";
import { AppError } from "../../errors";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { testPrincipal } from "../../../tests/support/services.support";
import { readConfig } from "../../config";
import type { ServiceContext, ServiceDeps } from "../deps";
import { importSettlementFile } from "./import-settlement-file";
import { listSettlementLayouts, saveSettlementLayout } from "./settlement-layouts";

async function* bytes(text: string): AsyncGenerator<Uint8Array> {
  yield Buffer.from(text, "utf8");
}

const HEADER = "Txn Date,RRN,Card,Gross,Fee,VAT,Net,Settled,Batch";
const GOOD = [
  HEADER,
  '07/12/2026 01:30,612345678901,411111******1111,"1,000.00",17.50,2.63,979.87,08/12/2026,B-1',
  "07/12/2026 09:05,612345678902,****0008,(250.00),,,(250.00),08/12/2026,B-1",
].join("\n");

/** The test acquirer's layout, without its name. */
const LAYOUT = {
  columns: {
    transactionDate: "Txn Date",
    rrn: "RRN",
    maskedCard: "Card",
    gross: "Gross",
    fee: "Fee",
    vatOnFee: "VAT",
    net: "Net",
    settlementDate: "Settled",
    batchRef: "Batch",
  },
  dateFormat: "DD/MM/YYYY",
  timeZone: "Asia/Riyadh",
  decimalSeparator: ".",
  currency: "SAR",
} as const;

describe.each(testDatabaseTargets())("importing settlement files on $name", (target) => {
  let database: TestDatabase;
  let deps: ServiceDeps;
  let finance: Principal;
  let reader: Principal;
  let layoutId: string;
  const as = (principal: Principal): ServiceContext => ({ deps, principal, ip: "203.0.113.7" });
  const audits = (action: string) => database.db.select().from(auditLog).where(eq(auditLog.action, action));

  beforeAll(async () => {
    database = await target.open();
    const config = readConfig({ DATA_DIR: "/tmp/unused-test-data" });
    deps = { db: database.db, config, now: () => new Date(), gateway: undefined as never };
    finance = await testPrincipal(database.db, "Fatima", ["RECONCILIATION_MANAGE"]);
    reader = await testPrincipal(database.db, "Rami", ["TRANSACTIONS_VIEW"]);
    const saved = await saveSettlementLayout(as(finance), { name: "Test Acquirer daily", ...LAYOUT });
    layoutId = saved.id;
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("saves a layout by name, updates it under the same name in any case, and audits before and after", async () => {
    const updated = await saveSettlementLayout(as(finance), { name: "test acquirer DAILY", ...LAYOUT });
    expect(updated.id).toBe(layoutId);
    expect((await listSettlementLayouts(as(finance))).map((l) => l.name)).toEqual(["test acquirer DAILY"]);
    expect((await audits("settlement.layout_create")).length).toBe(1);
    const [update] = await audits("settlement.layout_update");
    expect(update?.summary).toMatchObject({ before: { dateFormat: "DD/MM/YYYY" }, after: { dateFormat: "DD/MM/YYYY" } });
  });

  it("imports a file whole: typed lines, the file's own values, its hash, and an audit row", async () => {
    const imported = await importSettlementFile(as(finance), { filename: "settlement-2026-12-07.csv", layoutId, source: bytes(GOOD) });
    expect(imported.lines).toBe(2);
    const [file] = await database.db.select().from(settlementFiles).where(eq(settlementFiles.id, imported.fileId));
    expect(file).toMatchObject({
      filename: "settlement-2026-12-07.csv",
      format: "csv",
      lineCount: 2,
      sha256: imported.sha256,
      bytes: Buffer.byteLength(GOOD),
    });
    expect(file!.sha256).toMatch(/^[0-9a-f]{64}$/);
    const lines = await database.db
      .select()
      .from(settlementLines)
      .where(eq(settlementLines.fileId, imported.fileId))
      .orderBy(settlementLines.line);
    expect(
      lines.map((l) => [l.line, l.grossMinor, l.feeMinor, l.vatMinor, l.netMinor, l.rrn, l.cardLast4, l.settlementDate, l.batchRef]),
    ).toEqual([
      [2, 100_000, 1_750, 263, 97_987, "612345678901", "1111", "2026-12-08", "B-1"],
      [3, -25_000, null, null, -25_000, "612345678902", "0008", "2026-12-08", "B-1"],
    ]);
    expect(lines[0]!.transactionAt.toISOString()).toBe("2026-12-06T22:30:00.000Z");
    expect(lines[0]!.raw).toMatchObject({ Gross: "1,000.00", "Txn Date": "07/12/2026 01:30" });
    const [audit] = await audits("settlement.import");
    expect(audit).toMatchObject({ actorId: finance.userId, targetId: imported.fileId });
    expect(audit!.summary).toMatchObject({
      filename: "settlement-2026-12-07.csv",
      lines: 2,
      sha256: imported.sha256,
      layout: "test acquirer DAILY",
    });
  });

  it("refuses the same file again, under any name, saying when it was imported; nothing is added", async () => {
    const before = (await database.db.select().from(settlementLines)).length;
    const err = await importSettlementFile(as(finance), { filename: "copy.csv", layoutId, source: bytes(GOOD) }).catch((e: unknown) => e);
    expect((err as AppError).code).toBe("conflict");
    expect((err as AppError).userMessage).toMatch(/^This file was already imported \(on \d{4}-\d{2}-\d{2} \d{2}:\d{2}\)/);
    expect((await database.db.select().from(settlementLines)).length).toBe(before);
    expect((await database.db.select().from(settlementFiles)).length).toBe(1);
  });

  it("a file with bad lines imports nothing and names each line, column and value", async () => {
    const bad = [
      HEADER,
      "08/12/2026 10:00,612345678910,****1111,100.00,1.75,0.26,97.99,09/12/2026,B-2",
      "31/02/2026 10:00,612345678911,****1111,100.00,=E3*1.1,0.26,97.99,09/12/2026,B-2",
      "08/12/2026 10:00,612345678912,4111111111111111,,1.75,0.26,97.99,09/12/2026,B-2",
    ].join("\r\n");
    const files = (await database.db.select().from(settlementFiles)).length;
    const err = await importSettlementFile(as(finance), { filename: "bad.csv", layoutId, source: bytes(bad) }).catch((e: unknown) => e);
    expect((err as AppError).code).toBe("unprocessable");
    expect((err as AppError).userMessage).toBe(
      "2 lines of the file have problems; nothing was imported. Fix the file and import it again.",
    );
    expect(Object.values((err as AppError).fields ?? {}).flat()).toEqual([
      "Line 3: Txn Date is “31/02/2026 10:00”, which is not a date in the layout's format.",
      "Line 3: Fee is “=E3*1.1”, which is not an amount of this currency.",
      "Line 4: Gross is empty, and every line needs it.",
      "Line 4: Card is “4111111111111111”, which is not a masked card number.",
    ]);
    expect((await database.db.select().from(settlementFiles)).length).toBe(files);
    const refused = (await audits("settlement.import_refused")).map((a) => a.summary as { filename: string; reason: string });
    expect(refused).toContainEqual({ filename: "bad.csv", reason: expect.stringMatching(/^2 lines of the file have problems/) as unknown });
  });

  it("refuses a file whose header lacks the layout's columns, naming them", async () => {
    const err = await importSettlementFile(as(finance), {
      filename: "other.csv",
      layoutId,
      source: bytes("Date,Amount\n07/12/2026,1.00\n"),
    }).catch((e: unknown) => e);
    expect((err as AppError).userMessage).toMatch(
      /^The file has no column named Txn Date, Settled, Card, RRN, Gross, Fee, VAT, Net, Batch:/,
    );
  });

  it("refuses a file over the size cap and an unreadable file by name", async () => {
    const big = `${HEADER}\n${"07/12/2026 01:30,1,****1111,1.00,,,,,\n".repeat(50_000)}`;
    const tooBig = await importSettlementFile(as(finance), {
      filename: "big.csv",
      layoutId,
      source: bytes(big),
      maxBytes: 1024 * 1024,
    }).catch((e: unknown) => e);
    expect((tooBig as AppError).userMessage).toBe("The file is larger than 1 MB. Split it by day, or ask the acquirer for a daily file.");
    const empty = await importSettlementFile(as(finance), { filename: "empty.csv", layoutId, source: bytes("") }).catch((e: unknown) => e);
    expect((empty as AppError).userMessage).toBe("The file is empty or has no header line.");
    const headerOnly = await importSettlementFile(as(finance), { filename: "header.csv", layoutId, source: bytes(HEADER) }).catch(
      (e: unknown) => e,
    );
    expect((headerOnly as AppError).userMessage).toBe("The file is empty or has no header line.");
  });

  it("only RECONCILIATION_MANAGE imports or saves layouts", async () => {
    const err = await importSettlementFile(as(reader), { filename: "x.csv", layoutId, source: bytes(GOOD) }).catch((e: unknown) => e);
    expect((err as AppError).code).toBe("forbidden");
    expect(((await saveSettlementLayout(as(reader), {}).catch((e: unknown) => e)) as AppError).code).toBe("forbidden");
    expect(((await listSettlementLayouts(as(reader)).catch((e: unknown) => e)) as AppError).code).toBe("forbidden");
  });

  it("refuses an unknown layout", async () => {
    const err = await importSettlementFile(as(finance), {
      filename: "x.csv",
      layoutId: "00000000-0000-4000-8000-000000000000",
      source: bytes(GOOD),
    }).catch((e: unknown) => e);
    expect((err as AppError).code).toBe("not_found");
  });
});
