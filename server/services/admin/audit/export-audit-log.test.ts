// Integration tests of the audit log's CSV export on real databases. Rules guarded: the export needs AUDIT_VIEW;
// it applies the page's filters; times are in the user's time zone; every cell is escaped and a cell a
// spreadsheet would run as a formula is neutralised; it streams in keyset batches, reading the next batch only
// when the client asks; the export is itself audited ("audit.export", the filter and the row count), also when
// the client aborts it.
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLogQuerySchema, type AuditLogQuery } from "@/lib/schemas/admin-audit";
import { verifyAuditChain } from "../../../audit/audit-log";
import type { Principal } from "../../../auth/principal";
import { auditLog } from "../../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../../tests/support/db.support";
import { testPrincipal } from "../../../../tests/support/services.support";
import { translatorOf } from "../../../../tests/support/translators.support";
import { exportAuditLog } from "./export-audit-log";
import { clearAuditLog, searchParamsRecord, seedAudit } from "../../../../tests/support/audit-fixtures.support";

const q = (qs: string): AuditLogQuery => auditLogQuerySchema.parse(searchParamsRecord(new URLSearchParams(qs)));

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

const HEADER_TAIL = ["Entry", "Actor e-mail", "Actor ID", "Action", "Target type", "Target ID", "IP", "Summary", "Hash", "Previous hash"];

describe.each(testDatabaseTargets())("audit log CSV export on $name", (target) => {
  let database: TestDatabase;
  let auditor: Principal;
  let outsider: Principal;
  const deps = () => ({ db: database.db, now: () => new Date("2024-03-01T21:30:00Z"), config: { reportTimeZone: "Asia/Riyadh" } });
  const lastExportEntry = async () =>
    (await database.db.select().from(auditLog).where(eq(auditLog.action, "audit.export")).orderBy(desc(auditLog.id)).limit(1))[0];

  beforeAll(async () => {
    database = await target.open();
    auditor = await testPrincipal(database.db, "Auditor", ["AUDIT_VIEW"]);
    outsider = await testPrincipal(database.db, "Outsider", ["TRANSACTIONS_EXPORT", "TRANSACTIONS_VIEW"]);
  });
  afterAll(async () => {
    await database?.dispose();
  });
  beforeEach(async () => {
    await clearAuditLog(database.db);
  });

  it("refuses a principal without AUDIT_VIEW", async () => {
    await expect(exportAuditLog({ deps: deps(), principal: outsider, ip: null }, q(""))).rejects.toMatchObject({ code: "forbidden" });
  });

  it("writes a header and one line per entry, newest first, with times in the user's time zone", async () => {
    const [a, b] = await seedAudit(database.db, [
      {
        action: "auth.sign_in",
        actorId: auditor.userId,
        actorEmail: auditor.email,
        ip: "10.0.0.7",
        targetType: "session",
        targetId: "s-1",
        summary: { userAgent: "UA", a: 1 },
        at: new Date("2024-03-01T21:00:00Z"),
      },
      { action: "auth.sign_out", actorEmail: auditor.email, at: new Date("2024-03-02T08:15:30Z") },
    ]);
    const { stream, filename } = await exportAuditLog({ deps: deps(), principal: auditor, ip: null }, q("tz=Asia/Riyadh"));
    expect(filename).toBe("audit-log-2024-03-02-0030.csv");
    const text = await readAll(stream);
    expect(text.startsWith("\uFEFF")).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual(["Time (Asia/Riyadh)", ...HEADER_TAIL]);
    expect(rows.slice(1).map((r) => r[1])).toEqual([String(b!.id), String(a!.id)]);
    expect(rows[1]![0]).toBe("2024-03-02 11:15:30");
    // Summary keys sorted, as the hash chain reads them; both hashes, so the file can be checked on its own.
    expect(rows[2]).toEqual([
      "2024-03-02 00:00:00",
      String(a!.id),
      auditor.email,
      auditor.userId,
      "auth.sign_in",
      "session",
      "s-1",
      "10.0.0.7",
      '{"a":1,"userAgent":"UA"}',
      a!.hash,
      a!.prevHash,
    ]);
  });

  // Issue #15: the headers in the downloader's language (the route passes the exports catalog's words).
  it("writes the column headers in the downloader's language", async () => {
    const { t } = translatorOf("exports", "ar");
    const { stream } = await exportAuditLog({ deps: deps(), principal: auditor, ip: null }, q("tz=Asia/Riyadh"), {
      headerWords: (column, tz) => t(`audit.${column}`, { tz }),
    });
    const header = parseCsv((await readAll(stream)).slice(1))[0]!;
    expect(header.slice(0, 3)).toEqual(["الوقت (Asia/Riyadh)", "القيد", "البريد الإلكتروني للمنفّذ"]);
    expect(header).toHaveLength(11);
  });

  it("escapes commas, quotes and line breaks, and neutralises cells a spreadsheet would run as formulas", async () => {
    await seedAudit(database.db, [
      {
        action: "user.update",
        actorEmail: '=HYPERLINK("http://evil.example","x")@example.com',
        targetType: "user",
        targetId: "+SUM(A1)",
        ip: "-1+1",
        summary: { note: 'Haddad, "Noura"\r\nsecond line' },
      },
      { action: "user.update", actorEmail: "@admin", targetId: "\tcmd" },
    ]);
    const text = await readAll((await exportAuditLog({ deps: deps(), principal: auditor, ip: null }, q(""))).stream);
    const rows = parseCsv(text.slice(1));
    const [second, first] = [rows[1]!, rows[2]!];
    expect(first[2]).toBe('\'=HYPERLINK("http://evil.example","x")@example.com');
    expect(first[6]).toBe("'+SUM(A1)");
    expect(first[7]).toBe("'-1+1");
    expect(first[8]).toBe('{"note":"Haddad, \\"Noura\\"\\r\\nsecond line"}');
    expect(second[2]).toBe("'@admin");
    expect(second[6]).toBe("'\tcmd");
    // Raw text: a quoted cell doubles its quotes, and every line has the header's number of cells.
    expect(text).toContain('"{""note"":""Haddad, \\""Noura\\""\\r\\nsecond line""}"');
    expect(rows.every((r) => r.length === 11)).toBe(true);
  });

  it("applies the page's filters (actor, action prefix, target, dates in the zone)", async () => {
    await seedAudit(database.db, [
      {
        action: "refund.start",
        actorEmail: "fin@example.com",
        targetType: "payment",
        targetId: "p-1",
        at: new Date("2024-03-01T21:00:00Z"),
      },
      {
        action: "refund.start",
        actorEmail: "ops@example.com",
        targetType: "payment",
        targetId: "p-1",
        at: new Date("2024-03-01T21:00:00Z"),
      },
      {
        action: "capture.start",
        actorEmail: "fin@example.com",
        targetType: "payment",
        targetId: "p-1",
        at: new Date("2024-03-01T21:00:00Z"),
      },
      {
        action: "refund.start",
        actorEmail: "fin@example.com",
        targetType: "payment",
        targetId: "p-1",
        at: new Date("2024-03-01T20:59:59Z"),
      },
    ]);
    const text = await readAll(
      (
        await exportAuditLog(
          { deps: deps(), principal: auditor, ip: null },
          q("actor=fin&actionPrefix=refund.&targetType=payment&targetId=p-1&from=2024-03-02&tz=Asia/Riyadh"),
        )
      ).stream,
    );
    const rows = parseCsv(text.slice(1));
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(0, 5)).toEqual(["2024-03-02 00:00:00", expect.any(String), "fin@example.com", "", "refund.start"]);
  });

  it("streams in keyset batches, reading the next batch only when the client asks", async () => {
    await seedAudit(
      database.db,
      Array.from({ length: 25 }, (_, i) => ({ action: "b.row", summary: { i } })),
    );
    const batches: number[] = [];
    const { stream } = await exportAuditLog({ deps: deps(), principal: auditor, ip: null }, q(""), {
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
    const ids = rest
      .split("\r\n")
      .filter(Boolean)
      .map((l) => Number(l.split(",")[1]));
    expect(ids).toHaveLength(15);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids); // newest first across batches, no repeats
    expect(new Set(ids).size).toBe(15);
  });

  it("audits the export itself: action audit.export with the filter and the row count, and the chain still verifies", async () => {
    await seedAudit(database.db, [{ action: "auth.sign_in" }, { action: "auth.sign_in" }, { action: "auth.sign_out" }]);
    await readAll(
      (await exportAuditLog({ deps: deps(), principal: auditor, ip: "10.9.8.7" }, q("action=auth.sign_in&tz=Asia/Riyadh&size=25"))).stream,
    );
    const entry = await lastExportEntry();
    expect(entry).toMatchObject({
      action: "audit.export",
      actorId: auditor.userId,
      actorEmail: auditor.email,
      ip: "10.9.8.7",
      targetType: "audit_log",
      summary: { filter: { action: "auth.sign_in", tz: "Asia/Riyadh" }, rows: 2, outcome: "completed" },
    });
    expect(await verifyAuditChain(database.db)).toEqual({ ok: true, checked: 4 });
    // The next export sees the first one's entry like any other.
    const text = await readAll((await exportAuditLog({ deps: deps(), principal: auditor, ip: null }, q("action=audit.export"))).stream);
    expect(parseCsv(text.slice(1))).toHaveLength(2);
  });

  it("audits an export the client aborted, with the rows sent so far", async () => {
    await seedAudit(
      database.db,
      Array.from({ length: 25 }, () => ({ action: "c.row" })),
    );
    const { stream } = await exportAuditLog({ deps: deps(), principal: auditor, ip: null }, q(""), { batchSize: 10 });
    const reader = stream.getReader();
    await reader.read(); // header
    await reader.read(); // first batch
    await reader.cancel();
    expect((await lastExportEntry())?.summary).toEqual({ filter: { tz: "UTC" }, rows: 10, outcome: "aborted" });
  });
});
