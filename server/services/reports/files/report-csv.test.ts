// Rules guarded: a report's CSV states the report, its days and the reporting zone before the rows; amounts are
// plain numbers with their currency's decimals and their sign (a negative net stays a number, not a formula the
// injection guard would quote); text that would run as a formula is still neutralised; instants show in the zone.
import { describe, expect, it } from "vitest";
import type { ReportTable } from "@/lib/reports/report-table";
import { reportCsv, reportFileName } from "./report-csv";

const table: ReportTable = {
  report: "daily-closing",
  title: "Daily closing",
  timeZone: "Asia/Riyadh",
  period: { firstDay: "2026-03-01", lastDay: "2026-03-31" },
  generatedAt: new Date("2026-04-01T06:00:00Z"),
  columns: [
    { key: "day", label: "Day", kind: "day" },
    { key: "note", label: "Note", kind: "text" },
    { key: "n", label: "Sales (count)", kind: "count" },
    { key: "net", label: "Net", kind: "money" },
    { key: "at", label: "At", kind: "datetime" },
  ],
  rows: [
    { day: "2026-03-01", note: '=HYPERLINK("x")', n: 3, net: { minor: -500, currency: "SAR" }, at: "2026-03-01T21:30:00.000Z" },
    { day: "2026-03-02", note: "plain, with comma", n: 0, net: { minor: 1_250_500, currency: "KWD" }, at: null },
  ],
  totals: [{ day: "Total", note: null, n: 3, net: { minor: 0, currency: "JPY" }, at: null }],
};

describe("report CSV", () => {
  it("writes the header block, the rows with signed amounts, neutralised formulas, and the totals", () => {
    const lines = reportCsv(table)
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(lines.slice(0, 4)).toEqual([
      "Report,Daily closing",
      "Period,2026-03-01 to 2026-03-31",
      "Time zone,Asia/Riyadh",
      "Generated,2026-04-01 09:00:00",
    ]);
    expect(lines[4]).toBe("");
    expect(lines[5]).toBe("Day,Note,Sales (count),Net,At");
    expect(lines[6]).toBe(`2026-03-01,"'=HYPERLINK(""x"")",3,-5.00,2026-03-02 00:30:00`);
    expect(lines[7]).toBe(`2026-03-02,"plain, with comma",0,1250.500,`);
    expect(lines[8]).toBe("Total,,3,0,");
    expect(reportFileName(table, "csv")).toBe("daily-closing_2026-03-01_2026-03-31.csv");
  });
});
