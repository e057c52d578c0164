// Integration tests of the CSV export on a real database. Rules guarded: the export needs TRANSACTIONS_EXPORT;
// it is streamed in batches (a cursor on PostgreSQL, keyset queries on PGlite) and reads the next batch only when
// the client asks, so a slow client holds the database reads back (backpressure, bounded memory); rows are
// the filter's or only the selected ones; dates are in the user's time zone and amounts exact decimals; every cell
// is escaped and formula-neutralised; the export is audited with its filter and row count and no card data.
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { searchParamsRecord, transactionExportQuerySchema, type TransactionExportQuery } from "@/lib/transactions/list-query";
import type { Principal } from "../../auth/principal";
import { auditLog } from "../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { testPrincipal } from "../../../tests/support/services.support";
import { translatorOf } from "../../../tests/support/translators.support";
import { exportTransactions } from "./export-transactions";
import { clearPayments, seedPayments } from "../../../tests/support/transactions-fixtures.support";

const q = (qs: string): TransactionExportQuery => transactionExportQuerySchema.parse(searchParamsRecord(new URLSearchParams(qs)));

/** The whole stream as text, keeping the byte-order mark (Response.text() would drop it). */
async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}

/** Minimal RFC 4180 reader for the assertions (quoted cells, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  return rows;
}

describe.each(testDatabaseTargets())("transactions CSV export on $name", (target) => {
  let database: TestDatabase;
  let exporter: Principal;
  const deps = () => ({ db: database.db, now: () => new Date("2024-03-01T21:30:00Z"), config: { reportTimeZone: "Asia/Riyadh" } });
  beforeAll(async () => {
    database = await target.open();
    exporter = await testPrincipal(database.db, "Exporter", ["TRANSACTIONS_VIEW", "TRANSACTIONS_EXPORT"]);
  });
  afterAll(async () => {
    await database?.dispose();
  });
  beforeEach(async () => {
    await clearPayments(database.db);
  });

  it("writes a header and one line per row: local time, exact decimals with currency, labels, escaped cells", async () => {
    await seedPayments(database.db, [
      {
        orderId: "INV-1",
        amountMinor: 1050,
        capturedMinor: 1050,
        authorizedMinor: 1050,
        refundedMinor: 250,
        status: "partially_refunded",
        currency: "SAR",
        payerName: 'Haddad, "Noura"',
        payerEmail: "noura@example.com",
        cardBrand: "VISA",
        cardLast4: "1111",
        branchId: "فرع الرياض",
        description: '=HYPERLINK("http://evil.example","click")',
        createdAt: new Date("2024-03-01T21:00:00Z"),
      },
      {
        orderId: "+SUM(A1)",
        amountMinor: 1234,
        authorizedMinor: 1234,
        capturedMinor: 0,
        status: "authorized",
        currency: "KWD",
        payerName: "@admin",
        createdAt: new Date("2024-02-01T08:00:00Z"),
      },
    ]);
    const { stream, filename } = await exportTransactions({ deps: deps(), principal: exporter, ip: null }, q("tz=Asia/Riyadh"));
    expect(filename).toBe("transactions-2024-03-02-0030.csv");
    const text = await readAll(stream);
    expect(text.startsWith("\uFEFF")).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual([
      "Created (Asia/Riyadh)",
      "Payment ID",
      "Order ID",
      "Gateway ID",
      "Type",
      "Status",
      "Amount",
      "Currency",
      "Captured",
      "Refunded",
      "Payer name",
      "Payer e-mail",
      "Card brand",
      "Card last 4",
      "Branch",
      "Description",
    ]);
    expect(rows).toHaveLength(3);
    const [first, second] = [rows[1]!, rows[2]!];
    expect(first[0]).toBe("2024-03-02 00:00:00");
    expect(first.slice(2, 3)).toEqual(["INV-1"]);
    expect(first.slice(4, 16)).toEqual([
      "Card payment (card saved)",
      "Partially refunded",
      "10.50",
      "SAR",
      "10.50",
      "2.50",
      'Haddad, "Noura"',
      "noura@example.com",
      "VISA",
      "1111",
      "فرع الرياض",
      '\'=HYPERLINK("http://evil.example","click")',
    ]);
    expect(second[0]).toBe("2024-02-01 11:00:00");
    expect(second[2]).toBe("'+SUM(A1)");
    expect(second.slice(6, 8)).toEqual(["1.234", "KWD"]);
    expect(second[10]).toBe("'@admin");
    // Raw text: the quoted cell doubles its quotes.
    expect(text).toContain('"Haddad, ""Noura"""');
  });

  // Issue #15: the headers in the downloader's language (the route passes the exports catalog's words); English
  // stays as it was (the test above).
  it("writes the column headers in the downloader's language", async () => {
    const { t } = translatorOf("exports", "ar");
    const { stream } = await exportTransactions({ deps: deps(), principal: exporter, ip: null }, q("tz=Asia/Riyadh"), {
      headerWords: (column, tz) => t(`transactions.${column}`, { tz }),
    });
    const header = parseCsv((await readAll(stream)).slice(1))[0]!;
    expect(header.slice(0, 3)).toEqual(["تاريخ الإنشاء (Asia/Riyadh)", "معرّف الدفعة", "رقم الطلب"]);
    expect(header).toHaveLength(16);
  });

  it("streams in batches, reading the next batch only when the client asks", async () => {
    await seedPayments(
      database.db,
      Array.from({ length: 25 }, (_, i) => ({ createdAt: new Date(Date.UTC(2024, 2, 1, 0, 0, i % 3)) })),
    );
    const batches: number[] = [];
    const { stream } = await exportTransactions({ deps: deps(), principal: exporter, ip: null }, q(""), {
      batchSize: 10,
      onBatch: (n) => batches.push(n),
    });
    const reader = stream.getReader();
    await reader.read(); // the header
    expect(batches).toEqual([]);
    const firstBatch = await reader.read();
    expect(batches).toEqual([10]);
    expect(new TextDecoder().decode(firstBatch.value).split("\r\n").filter(Boolean)).toHaveLength(10);
    let rest = "";
    for (;;) {
      const r = await reader.read();
      if (r.done) break;
      rest += new TextDecoder().decode(r.value);
    }
    expect(batches).toEqual([10, 10, 5]);
    const ids = [...new TextDecoder().decode(firstBatch.value).split("\r\n"), ...rest.split("\r\n")]
      .filter(Boolean)
      .map((l) => l.split(",")[1]);
    expect(new Set(ids).size).toBe(25);
  });

  // Issue #17: backpressure end to end. The route hands the stream to Next.js, which pipes it into a writer that
  // waits for the socket's 'drain'; here a writer that takes 15 ms per chunk plays that slow client.
  it("honours backpressure: a slow client keeps the rows fetched ahead within two batches, and a stalled one stops the reads", async () => {
    await seedPayments(
      database.db,
      Array.from({ length: 60 }, (_, i) => ({ createdAt: new Date(Date.UTC(2024, 2, 1, 0, i)) })),
    );
    let fetched = 0;
    let written = 0;
    let mostAhead = 0;
    const lines = (chunk: Uint8Array) => chunk.reduce((n, b) => n + (b === 10 ? 1 : 0), 0);
    const { stream } = await exportTransactions({ deps: deps(), principal: exporter, ip: null }, q(""), {
      batchSize: 5,
      onBatch: (n) => {
        fetched += n;
        mostAhead = Math.max(mostAhead, fetched - written);
      },
    });
    await stream.pipeTo(
      new WritableStream<Uint8Array>({
        async write(chunk) {
          await new Promise((r) => setTimeout(r, 15));
          written += lines(chunk);
        },
      }),
    );
    expect(written).toBe(61); // the header and 60 rows
    expect(fetched).toBe(60);
    // One batch being written, one waiting in the writer's queue of one chunk: never more.
    expect(mostAhead).toBeLessThanOrEqual(10);

    const stalled = await exportTransactions({ deps: deps(), principal: exporter, ip: null }, q(""), {
      batchSize: 5,
      onBatch: (n) => (fetched += n),
    });
    fetched = 0;
    const reader = stalled.stream.getReader();
    await reader.read(); // the header
    await reader.read(); // the first batch
    await new Promise((r) => setTimeout(r, 100));
    expect(fetched).toBe(5);
    await reader.cancel();
  });

  it("exports only the filter's rows, or only the selected ids", async () => {
    const rows = await seedPayments(database.db, [
      { status: "captured" },
      { status: "declined", capturedMinor: 0, authorizedMinor: 0 },
      { status: "captured" },
    ]);
    const exported = (query: string) => exportTransactions({ deps: deps(), principal: exporter, ip: null }, q(query));
    const filtered = parseCsv((await readAll((await exported("status=declined")).stream)).slice(1));
    expect(filtered.slice(1).map((r) => r[1])).toEqual([rows[1]!.id]);
    const picked = parseCsv((await readAll((await exported(`ids=${rows[0]!.id}&ids=${rows[2]!.id}`)).stream)).slice(1));
    expect(
      picked
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual([rows[0]!.id, rows[2]!.id].sort());
  });

  it("is audited with the filter and the row count, without the card's last 4; an abandoned download is audited too", async () => {
    await seedPayments(
      database.db,
      Array.from({ length: 3 }, () => ({ cardLast4: "4242" })),
    );
    await readAll(
      (await exportTransactions({ deps: deps(), principal: exporter, ip: "10.0.0.9" }, q("last4=4242&status=captured&tz=Asia/Riyadh")))
        .stream,
    );
    const [row] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "transactions.export"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({ actorId: exporter.userId, ip: "10.0.0.9" });
    expect(row!.summary).toMatchObject({
      rows: 3,
      outcome: "completed",
      filter: { status: ["captured"], tz: "Asia/Riyadh", cardLast4Filtered: true },
    });
    expect(JSON.stringify(row!.summary)).not.toContain("4242");

    const { stream } = await exportTransactions({ deps: deps(), principal: exporter, ip: null }, q(""), { batchSize: 1 });
    const reader = stream.getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    const [aborted] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "transactions.export"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(aborted!.summary).toMatchObject({ rows: 1, outcome: "aborted" });
  });

  it("refuses a user without TRANSACTIONS_EXPORT", async () => {
    const viewer = await testPrincipal(database.db, "ViewOnly", ["TRANSACTIONS_VIEW"]);
    await expect(exportTransactions({ deps: deps(), principal: viewer, ip: null }, q(""))).rejects.toMatchObject({ code: "forbidden" });
  });
});
