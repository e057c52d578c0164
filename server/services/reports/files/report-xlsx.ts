// A report as an XLSX workbook (exceljs): one sheet with the same header block as the CSV (report, period, time
// zone, generated), a bold column header frozen in place, the rows and a bold totals block. Numbers stay numbers a
// spreadsheet can add up: counts as integers, amounts as decimals with the currency's digits as their number format
// (0.00; 0.000 for KWD, BHD, OMR, JOD; 0 for JPY). Instants are written as text in the report's zone, as in the CSV.
import "server-only";
import ExcelJS from "exceljs";
import { currencyDigits, isCurrencyCode } from "@/lib/money";
import { isMoneyCell, type ReportCell, type ReportColumn, type ReportTable } from "@/lib/reports/report-table";
import { csvValue, ENGLISH_FILE_WORDS, reportHeaderLines, type ReportFileWords } from "./report-csv";

/** The number format of an amount in a currency: its minor-unit digits after the point. */
export function amountFormat(currency: string): string {
  const digits = isCurrencyCode(currency) ? currencyDigits(currency) : 0;
  return digits === 0 ? "#,##0" : `#,##0.${"0".repeat(digits)}`;
}

/** Minor units as the amount's number (exact for every amount a card takes: the division is correctly rounded). */
export function amountNumber(minor: number, currency: string): number {
  const digits = isCurrencyCode(currency) ? currencyDigits(currency) : 0;
  return minor / 10 ** digits;
}

const WIDTH: Record<ReportColumn["kind"], number> = { text: 18, day: 12, datetime: 18, count: 12, money: 16 };

function writeCell(cell: ExcelJS.Cell, column: ReportColumn, value: ReportCell | undefined, timeZone: string): void {
  if (value === null || value === undefined) return;
  if (isMoneyCell(value)) {
    cell.value = amountNumber(value.minor, value.currency);
    cell.numFmt = amountFormat(value.currency);
    return;
  }
  if (column.kind === "count" && typeof value === "number") {
    cell.value = value;
    cell.numFmt = "#,##0";
    return;
  }
  cell.value = csvValue(column, value, timeZone);
}

export async function reportXlsx(table: ReportTable, words: ReportFileWords = ENGLISH_FILE_WORDS): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = table.generatedAt;
  // A sheet name is at most 31 characters and has no []:*?/\.
  const sheet = workbook.addWorksheet(table.title.replace(/[[\]:*?/\\]/g, " ").slice(0, 31));

  for (const [label, value] of reportHeaderLines(table, words)) {
    const row = sheet.addRow([label, value]);
    row.getCell(1).font = { bold: true };
  }
  sheet.addRow([]);

  const header = sheet.addRow(table.columns.map((c) => c.label));
  header.font = { bold: true };
  header.eachCell((cell, i) => {
    cell.border = { bottom: { style: "thin" } };
    const kind = table.columns[i - 1]?.kind;
    if (kind === "count" || kind === "money") cell.alignment = { horizontal: "right" };
  });
  // The header stays in view while scrolling a long report.
  // An Arabic sheet reads right to left (column A at the right, as Excel shows Arabic workbooks).
  sheet.views = [{ state: "frozen", ySplit: header.number, ...(words.direction === "rtl" ? { rightToLeft: true } : {}) }];
  table.columns.forEach((c, i) => {
    sheet.getColumn(i + 1).width = Math.max(WIDTH[c.kind], Math.min(40, c.label.length + 2));
  });

  const addRows = (rows: ReportTable["rows"], totals: boolean) => {
    rows.forEach((data, n) => {
      const row = sheet.addRow([]);
      table.columns.forEach((c, i) => writeCell(row.getCell(i + 1), c, data[c.key], table.timeZone));
      if (totals) {
        row.font = { bold: true };
        if (n === 0) for (let i = 1; i <= table.columns.length; i++) row.getCell(i).border = { top: { style: "thin" } };
      }
    });
  };
  addRows(table.rows, false);
  addRows(table.totals, true);

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
