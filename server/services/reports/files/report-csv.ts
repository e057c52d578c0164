// A report as CSV (RFC 4180, UTF-8 with a BOM): a header block stating the report, its days and the reporting
// time zone, then the column names, the rows and the totals. Amounts are plain numbers with the currency's
// decimals ("1250.00", "3.500"), counts are integers, instants are shown in the report's zone.
import "server-only";
import { isCurrencyCode, minorToDecimal } from "@/lib/money";
import { isMoneyCell, type ReportCell, type ReportColumn, type ReportTable } from "@/lib/reports/report-table";
import { CSV_BOM, csvCell, csvRow } from "@/lib/transactions/csv";
import { formatInZone } from "@/lib/transactions/zoned-time";

/** An amount with its sign and the currency's decimals: "1250.00", "-3.500" (a day's net can be negative). */
export function signedDecimal(minor: number, currency: string): string {
  const abs = isCurrencyCode(currency) ? minorToDecimal(Math.abs(minor), currency) : String(Math.abs(minor));
  return minor < 0 ? `-${abs}` : abs;
}

/** A cell as the CSV writes it (also what the XLSX writes for text cells). */
export function csvValue(column: ReportColumn, cell: ReportCell | undefined, timeZone: string): string | number | null {
  if (cell === null || cell === undefined) return null;
  if (isMoneyCell(cell)) return signedDecimal(cell.minor, cell.currency);
  if (column.kind === "datetime" && typeof cell === "string") return formatInZone(new Date(cell), timeZone);
  return cell;
}

/** The words of a file's header block, in the reader's language (English when not given). */
export interface ReportFileWords {
  report: string;
  period: string;
  range(first: string, last: string): string;
  asOf(time: string): string;
  timeZone: string;
  generated: string;
  /** The sheet's direction in a workbook (Arabic sheets read right to left). */
  direction: "ltr" | "rtl";
}

export const ENGLISH_FILE_WORDS: ReportFileWords = {
  report: "Report",
  period: "Period",
  range: (first, last) => `${first} to ${last}`,
  asOf: (time) => `As of ${time}`,
  timeZone: "Time zone",
  generated: "Generated",
  direction: "ltr",
};

/** The header lines every file starts with: what, which days, which zone, when generated. */
export function reportHeaderLines(table: ReportTable, words: ReportFileWords = ENGLISH_FILE_WORDS): Array<[string, string]> {
  return [
    [words.report, table.title],
    [
      words.period,
      table.period ? words.range(table.period.firstDay, table.period.lastDay) : words.asOf(formatInZone(table.generatedAt, table.timeZone)),
    ],
    [words.timeZone, table.timeZone],
    [words.generated, formatInZone(table.generatedAt, table.timeZone)],
  ];
}

export function reportCsv(table: ReportTable, words: ReportFileWords = ENGLISH_FILE_WORDS): string {
  const lines = [CSV_BOM];
  for (const [k, v] of reportHeaderLines(table, words)) lines.push(csvRow([k, v]));
  lines.push("\r\n");
  lines.push(csvRow(table.columns.map((c) => c.label)));
  for (const row of [...table.rows, ...table.totals]) {
    // An amount is a number, never a formula: "-5.00" must not get the injection guard's apostrophe.
    const cells = table.columns.map((c) => {
      const cell = row[c.key];
      return cell !== undefined && isMoneyCell(cell)
        ? signedDecimal(cell.minor, cell.currency)
        : csvCell(csvValue(c, cell, table.timeZone));
    });
    lines.push(cells.join(",") + "\r\n");
  }
  return lines.join("");
}

/** The file name of a report: merchant-neutral, dated, safe in every OS. */
export function reportFileName(table: ReportTable, extension: "csv" | "xlsx"): string {
  const days = table.period
    ? `${table.period.firstDay}_${table.period.lastDay}`
    : formatInZone(table.generatedAt, table.timeZone).slice(0, 10);
  return `${table.report}_${days}.${extension}`;
}
