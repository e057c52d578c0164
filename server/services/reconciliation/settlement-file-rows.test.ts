// Threats and rules guarded: an uploaded settlement file is streamed, never held whole, and cut off at the size cap;
// its SHA-256 covers every byte (the same file twice is recognised; the XLSX's later sheets included); an XLSX formula
// is read as its text and never as the value the spreadsheet computed (a formula cannot pass for a fee); CSV is read
// as RFC 4180 (quotes, doubled quotes, a value over two lines, CRLF, a byte-order mark), with a semicolon or tab
// delimiter told from the header line; every row keeps its line number in the file; an empty or unreadable file is
// refused by name.
import { createHash } from "node:crypto";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { openSettlementFile, SettlementFileError, sniffDelimiter, type SettlementRow } from "./settlement-file-rows";

/** The bytes in chunks of `size`, as an upload arrives. */
async function* chunks(bytes: Buffer, size = 7): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function all(rows: AsyncIterable<SettlementRow>): Promise<SettlementRow[]> {
  const out: SettlementRow[] = [];
  for await (const r of rows) out.push(r);
  return out;
}

describe("CSV", () => {
  it("reads quotes, a value over two lines, CRLF and a byte-order mark, with each row's line number", async () => {
    const text =
      '\uFEFFDate,RRN,Note,Gross\r\n07/12/2026,"6123",plain,"1,000.00"\r\n\r\n08/12/2026,6124,"two\nlines","say ""hi"""\r\n09/12/2026,6125,x,5.00\r\n';
    const bytes = Buffer.from(text, "utf8");
    const file = await openSettlementFile(chunks(bytes));
    expect(file.format).toBe("csv");
    expect(file.headers).toEqual(["Date", "RRN", "Note", "Gross"]);
    expect(await all(file.rows)).toEqual([
      { line: 2, cells: ["07/12/2026", "6123", "plain", "1,000.00"] },
      { line: 4, cells: ["08/12/2026", "6124", "two\nlines", 'say "hi"'] },
      { line: 6, cells: ["09/12/2026", "6125", "x", "5.00"] },
    ]);
    expect(file.sha256()).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect(file.bytes()).toBe(bytes.length);
  });

  it("tells a semicolon or tab delimiter from the header line", async () => {
    expect(sniffDelimiter('Date;"Gross, SAR";Net')).toBe(";");
    expect(sniffDelimiter("Date\tGross\tNet")).toBe("\t");
    expect(sniffDelimiter("Date,Gross")).toBe(",");
    const file = await openSettlementFile(chunks(Buffer.from("Date;Gross\n07/12/2026;1.250,00\n")));
    expect(await all(file.rows)).toEqual([{ line: 2, cells: ["07/12/2026", "1.250,00"] }]);
  });

  it("stops a file at the size cap, naming the cap", async () => {
    const big = Buffer.from(`Date,Gross\n${"07/12/2026,1.00\n".repeat(10_000)}`);
    const err = await openSettlementFile(chunks(big, 4096), { maxBytes: 64 * 1024 })
      .then((f) => all(f.rows))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SettlementFileError);
    expect(err).toMatchObject({ problem: "too_large", message: "the file is larger than 0.06 MB" });
  });

  it("refuses an empty file", async () => {
    await expect(openSettlementFile(chunks(Buffer.alloc(0)))).rejects.toMatchObject({ problem: "empty" });
  });

  it("refuses a CSV with a broken quote, by name", async () => {
    const reading = openSettlementFile(chunks(Buffer.from('Date,Gross\n07/12/2026,"1.00\n'))).then((f) => all(f.rows));
    await expect(reading).rejects.toMatchObject({ problem: "unreadable" });
  });
});

describe("XLSX", () => {
  async function workbook(build: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    build(wb);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }

  it("reads the first sheet: a formula as its text, a date the layout's way, numbers and rich text as text", async () => {
    const bytes = await workbook((wb) => {
      const ws = wb.addWorksheet("Settlement");
      ws.addRow(["Date", "RRN", "Gross", "Fee", "Note"]);
      ws.addRow([
        new Date(Date.UTC(2026, 11, 7, 1, 30)),
        "6123",
        1000,
        { formula: "C2*0.0175", result: 17.5 },
        { richText: [{ text: "a" }, { text: "b" }] },
      ]);
      ws.addRow([]);
      ws.addRow(["2026-12-08", 6124, 12.5, 0.22, ""]);
      wb.addWorksheet("Summary").addRow(["Total", 1012.5]);
    });
    const file = await openSettlementFile(chunks(bytes, 1024), {
      renderDate: (d) =>
        `${String(d.getUTCDate()).padStart(2, "0")}/${String(d.getUTCMonth() + 1).padStart(2, "0")}/${d.getUTCFullYear()} ${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")}`,
    });
    expect(file.format).toBe("xlsx");
    expect(file.headers).toEqual(["Date", "RRN", "Gross", "Fee", "Note"]);
    expect(await all(file.rows)).toEqual([
      { line: 2, cells: ["07/12/2026 01:30", "6123", "1000", "=C2*0.0175", "ab"] },
      // A sheet keeps no empty cell at the end of a row; the line reader reads a missing cell as empty.
      { line: 4, cells: ["2026-12-08", "6124", "12.5", "0.22"] },
    ]);
    // Every byte hashed, the summary sheet's included.
    expect(file.sha256()).toBe(createHash("sha256").update(bytes).digest("hex"));
  });

  it("stops a workbook at the size cap", async () => {
    const bytes = await workbook((wb) => {
      const ws = wb.addWorksheet("S");
      ws.addRow(["Date", "Gross"]);
      for (let i = 0; i < 5_000; i++) ws.addRow([`row ${i} ${"x".repeat(40)}`, i]);
    });
    const reading = openSettlementFile(chunks(bytes, 4096), { maxBytes: 16 * 1024 }).then((f) => all(f.rows));
    await expect(reading).rejects.toMatchObject({ problem: "too_large" });
  });

  it("refuses a damaged XLSX by name", async () => {
    const bytes = await workbook((wb) => wb.addWorksheet("S").addRow(["Date"]));
    const damaged = Buffer.concat([bytes.subarray(0, 40), Buffer.alloc(200, 7)]);
    await expect(openSettlementFile(chunks(damaged)).then((f) => all(f.rows))).rejects.toBeInstanceOf(SettlementFileError);
  });
});
