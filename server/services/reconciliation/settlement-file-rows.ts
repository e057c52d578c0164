// The rows of an uploaded settlement file, CSV or XLSX, streamed: the file is never held whole in memory, is cut off
// at a size cap, and is hashed as it is read (the same file imported twice is recognised by its SHA-256). Nothing in a
// file is ever executed or evaluated: an XLSX formula is read as its text ("=A2*0.02"), never as the value the
// spreadsheet computed, so a line whose fee is a formula is refused by name instead of trusted; CSV is text anyway.
// The format is told by the file's first bytes (an XLSX file is a ZIP archive), the CSV delimiter (comma, semicolon
// or tab) by the header line; a UTF-8 byte-order mark is dropped.
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { parse } from "csv-parse";
import ExcelJS from "exceljs";

export const DEFAULT_MAX_FILE_BYTES = 50 * 1024 * 1024;

export class SettlementFileError extends Error {
  constructor(
    readonly problem: "too_large" | "empty" | "unreadable",
    message: string,
  ) {
    super(message);
  }
}

export interface SettlementRow {
  /** The row's line number in the file (CSV: the physical line it starts on; XLSX: the sheet's row number). */
  line: number;
  cells: string[];
}

export interface SettlementFileRows {
  format: "csv" | "xlsx";
  headers: string[];
  /** The rows after the header, in order; empty rows are skipped. Read once. */
  rows: AsyncIterable<SettlementRow>;
  /** The file's SHA-256 (hex), known once `rows` has been read to its end. */
  sha256: () => string;
  /** Bytes read so far. */
  bytes: () => number;
}

/** Counts and hashes the bytes as they pass, and stops the file at the cap. */
function metered(source: AsyncIterable<Uint8Array>, maxBytes: number, hash: ReturnType<typeof createHash>, count: { n: number }) {
  return Readable.from(
    (async function* () {
      for await (const chunk of source) {
        count.n += chunk.byteLength;
        if (count.n > maxBytes) {
          throw new SettlementFileError("too_large", `the file is larger than ${Number((maxBytes / (1024 * 1024)).toFixed(2))} MB`);
        }
        hash.update(chunk);
        yield Buffer.from(chunk);
      }
    })(),
  );
}

/** The delimiter the header line uses most: comma, semicolon or tab (outside quotes). */
export function sniffDelimiter(headerLine: string): "," | ";" | "\t" {
  const outside = headerLine.replace(/"[^"]*"/g, "");
  let best: "," | ";" | "\t" = ",";
  let most = 0;
  for (const d of [",", ";", "\t"] as const) {
    const n = outside.split(d).length - 1;
    if (n > most) [best, most] = [d, n];
  }
  return best;
}

/** A cell of a worksheet as text: a formula as its formula, a date in the layout's way, rich text as its text. */
function cellText(value: ExcelJS.CellValue, renderDate: (d: Date) => string): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return renderDate(value);
  if (typeof value === "object") {
    if ("formula" in value && typeof value.formula === "string") return `=${value.formula}`;
    if ("sharedFormula" in value && typeof value.sharedFormula === "string") return `=${value.sharedFormula}`;
    if ("richText" in value) return value.richText.map((r) => r.text).join("");
    if ("text" in value && typeof value.text === "string") return value.text;
    if ("error" in value) return String(value.error);
    return "";
  }
  return String(value);
}

/** Splits off the first `n` bytes of a stream, then yields everything (the head included) as one stream. */
async function peek(source: AsyncIterable<Uint8Array>, n: number): Promise<{ head: Buffer; all: AsyncIterable<Uint8Array> }> {
  const it = source[Symbol.asyncIterator]();
  const taken: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < n) {
    const r = await it.next();
    if (r.done) {
      done = true;
      break;
    }
    const b = Buffer.from(r.value);
    taken.push(b);
    size += b.byteLength;
  }
  const head = Buffer.concat(taken);
  return {
    head,
    all: (async function* () {
      if (head.byteLength) yield head;
      if (done) return;
      for (let r = await it.next(); !r.done; r = await it.next()) yield r.value;
    })(),
  };
}

/**
 * Opens a settlement file: reads its header and returns the rest as a stream of rows. `renderDate` writes an XLSX
 * date cell the way the layout reads dates (a CSV has text only).
 */
export async function openSettlementFile(
  source: AsyncIterable<Uint8Array>,
  opts: { maxBytes?: number; renderDate?: (d: Date) => string } = {},
): Promise<SettlementFileRows> {
  const hash = createHash("sha256");
  const count = { n: 0 };
  const stream = metered(source, opts.maxBytes ?? DEFAULT_MAX_FILE_BYTES, hash, count);
  const { head, all } = await peek(stream, 64 * 1024);
  if (head.byteLength === 0) throw new SettlementFileError("empty", "the file is empty");
  const renderDate = opts.renderDate ?? ((d: Date) => d.toISOString().slice(0, 19).replace("T", " "));
  const format = head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) ? "xlsx" : "csv";
  const rows = format === "xlsx" ? xlsxRows(all, renderDate) : csvRows(all, head);
  const it = rows[Symbol.asyncIterator]();
  const first = await it.next().catch((e: unknown) => {
    throw e instanceof SettlementFileError
      ? e
      : new SettlementFileError("unreadable", `the file cannot be read as ${format.toUpperCase()}: ${String(e)}`);
  });
  if (first.done) throw new SettlementFileError("empty", "the file has no header line");
  return {
    format,
    headers: first.value.cells.map((h) => h.trim()),
    rows: {
      [Symbol.asyncIterator]: () => ({
        next: () =>
          it.next().catch((e: unknown) => {
            throw e instanceof SettlementFileError ? e : new SettlementFileError("unreadable", String(e instanceof Error ? e.message : e));
          }),
      }),
    },
    sha256: () => hash.copy().digest("hex"),
    bytes: () => count.n,
  };
}

async function* csvRows(all: AsyncIterable<Uint8Array>, head: Buffer): AsyncGenerator<SettlementRow> {
  const firstLine =
    head
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .split(/\r?\n/, 1)[0] ?? "";
  const parser = parse({ bom: true, delimiter: sniffDelimiter(firstLine), relax_column_count: true, skip_empty_lines: true, info: true });
  // pipe() does not pass on the source's error (the size cap): the parser is ended with it, or it would wait forever.
  const input = Readable.from(all).on("error", (e) => parser.destroy(e));
  input.pipe(parser);
  for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number; bytes: number } }>) {
    // info.lines is the line the record ends on; a quoted value over several lines starts earlier.
    const spans = record.record.reduce((n, c) => n + (c.match(/\n/g)?.length ?? 0), 0);
    yield { line: record.info.lines - spans, cells: record.record };
  }
}

async function* xlsxRows(all: AsyncIterable<Uint8Array>, renderDate: (d: Date) => string): AsyncGenerator<SettlementRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(all), {
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "cache", // dates are told from numbers by their cell style
    worksheets: "emit",
    entries: "ignore",
  });
  let first = true;
  for await (const sheet of reader) {
    // The first worksheet only: an acquirer's report has one; a summary sheet after it is not lines. The rest is still
    // read through, so that the file's hash covers all of it.
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      if (!first) continue;
      const cells = Array.from((row.values as ExcelJS.CellValue[]).slice(1), (v) => cellText(v, renderDate));
      if (cells.every((c) => c.trim() === "")) continue;
      yield { line: row.number, cells };
    }
    first = false;
  }
}
