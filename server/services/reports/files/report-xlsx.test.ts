// Rules guarded (issue #14, "XLSX through a well-kept library; numbers as numbers, amounts with the currency's
// decimals, a header row stating the time zone and the period"): a finance person's spreadsheet adds the amounts up
// (numbers, not text), shows 3 decimals for KWD/BHD/OMR and none for JPY, and says which days in which zone it
// covers. Each file is read back with the library that wrote it.
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import type { ReportTable } from "@/lib/reports/report-table";
import { amountFormat, amountNumber, reportXlsx } from "./report-xlsx";

const table: ReportTable = {
  report: "daily-closing",
  title: "Daily closing",
  timeZone: "Asia/Riyadh",
  period: { firstDay: "2026-11-01", lastDay: "2026-11-02" },
  generatedAt: new Date("2026-11-03T06:30:00Z"),
  columns: [
    { key: "day", label: "Day", kind: "day" },
    { key: "currency", label: "Currency", kind: "text" },
    { key: "sales", label: "Sales", kind: "count" },
    { key: "amount", label: "Sales amount", kind: "money" },
    { key: "net", label: "Net", kind: "money" },
    { key: "last", label: "Last sale", kind: "datetime" },
  ],
  rows: [
    {
      day: "2026-11-01",
      currency: "SAR",
      sales: 3,
      amount: { minor: 125_050, currency: "SAR" },
      net: { minor: -1_000, currency: "SAR" },
      last: "2026-11-01T20:59:00Z",
    },
    {
      day: "2026-11-01",
      currency: "KWD",
      sales: 1,
      amount: { minor: 3_500, currency: "KWD" },
      net: { minor: 3_500, currency: "KWD" },
      last: null,
    },
    {
      day: "2026-11-02",
      currency: "JPY",
      sales: 2,
      amount: { minor: 1_200, currency: "JPY" },
      net: { minor: 1_200, currency: "JPY" },
      last: null,
    },
  ],
  totals: [
    {
      day: null,
      currency: "SAR",
      sales: 3,
      amount: { minor: 125_050, currency: "SAR" },
      net: { minor: -1_000, currency: "SAR" },
      last: null,
    },
  ],
};

async function readBack(buffer: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describe("report XLSX", () => {
  it("states the report, its days, the time zone and when it was generated in a header block", async () => {
    const sheet = await readBack(await reportXlsx(table));
    expect(sheet.name).toBe("Daily closing");
    const block = [1, 2, 3, 4].map((n) => [sheet.getCell(n, 1).value, sheet.getCell(n, 2).value]);
    expect(block).toEqual([
      ["Report", "Daily closing"],
      ["Period", "2026-11-01 to 2026-11-02"],
      ["Time zone", "Asia/Riyadh"],
      ["Generated", "2026-11-03 09:30:00"],
    ]);
    expect(sheet.getCell(1, 1).font?.bold).toBe(true);
    // A blank line, then the bold column header (frozen so it stays in view).
    expect(sheet.getRow(5).cellCount).toBe(0);
    expect((sheet.getRow(6).values as unknown[]).slice(1)).toEqual(["Day", "Currency", "Sales", "Sales amount", "Net", "Last sale"]);
    expect(sheet.getRow(6).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 6 });
  });

  it("writes counts as integers and amounts as numbers with the currency's decimals as their format", async () => {
    const sheet = await readBack(await reportXlsx(table));
    const sar = sheet.getRow(7);
    expect(sar.getCell(1).value).toBe("2026-11-01");
    expect(sar.getCell(3).value).toBe(3);
    expect(sar.getCell(4).value).toBe(1250.5);
    expect(sar.getCell(4).numFmt).toBe("#,##0.00");
    expect(sar.getCell(5).value).toBe(-10); // a day's net may be negative: still a number
    expect(sar.getCell(6).value).toBe("2026-11-01 23:59:00"); // instants in the report's zone, as in the CSV
    const kwd = sheet.getRow(8);
    expect(kwd.getCell(4).value).toBe(3.5);
    expect(kwd.getCell(4).numFmt).toBe("#,##0.000");
    expect(kwd.getCell(6).value).toBeNull();
    const jpy = sheet.getRow(9);
    expect(jpy.getCell(4).value).toBe(1200);
    expect(jpy.getCell(4).numFmt).toBe("#,##0");
    for (const row of [sar, kwd, jpy]) {
      expect(typeof row.getCell(3).value).toBe("number");
      expect(Number.isInteger(row.getCell(3).value)).toBe(true);
      expect(typeof row.getCell(4).value).toBe("number");
    }
  });

  it("ends with the totals in bold", async () => {
    const sheet = await readBack(await reportXlsx(table));
    expect(sheet.rowCount).toBe(10);
    const total = sheet.getRow(10);
    expect(total.font?.bold).toBe(true);
    expect(total.getCell(2).value).toBe("SAR");
    expect(total.getCell(4).value).toBe(1250.5);
  });

  it("states 'as of' for a report without days (authorizations ageing)", async () => {
    const sheet = await readBack(await reportXlsx({ ...table, period: null, title: "Authorizations ageing" }));
    expect(sheet.getCell(2, 2).value).toBe("As of 2026-11-03 09:30:00");
  });

  it("gives every currency its decimals (KWD, BHD, OMR 3; JPY 0) and keeps the amount exact", () => {
    expect(["SAR", "USD", "KWD", "BHD", "OMR", "JPY"].map(amountFormat)).toEqual([
      "#,##0.00",
      "#,##0.00",
      "#,##0.000",
      "#,##0.000",
      "#,##0.000",
      "#,##0",
    ]);
    expect(amountNumber(12_345, "SAR")).toBe(123.45);
    expect(amountNumber(1_001, "BHD")).toBe(1.001);
    expect(amountNumber(7, "JPY")).toBe(7);
  });
});
