// Rules guarded (issue #14): the Reports page and its downloads read one schema, so the file is the table on the
// screen — the same days, breakdown and filters; a custom range is checked by the period model's own rules (a
// sentence for people, not a 500); a download link carries exactly the page's options.
import { describe, expect, it } from "vitest";
import { reportDownloadHref, reportDownloadQuerySchema, reportPageQuerySchema, reportQueryString, toReportRequest } from "./reports";

describe("report query", () => {
  it("defaults to the daily closing of the last 30 days, CSV, every branch and currency", () => {
    expect(reportPageQuerySchema.parse({})).toEqual({ report: "daily-closing", breakdown: "none" });
    expect(reportDownloadQuerySchema.parse({})).toEqual({ format: "csv", breakdown: "none" });
    const { request, period } = toReportRequest("daily-closing", { breakdown: "none" }, "Asia/Riyadh", new Date("2026-11-24T22:30:00Z"));
    // 01:30 on the 25th in Riyadh: "today" is the 25th there, not the 24th of UTC.
    expect(request).toEqual({ report: "daily-closing", firstDay: "2026-10-27", lastDay: "2026-11-25", breakdown: "none" });
    expect(period.days).toBe(30);
  });

  it("refuses a backwards or too long custom range, an unknown report, currency or format", () => {
    const errors = (q: Record<string, string>) =>
      reportPageQuerySchema.safeParse(q).error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(errors({ period: "custom", from: "2026-11-05", to: "2026-11-01" })).toEqual([["to", "The range ends before it starts."]]);
    expect(errors({ period: "custom" })).toEqual([["from", "Choose the first day of the range."]]);
    expect(errors({ from: "2024-01-01", to: "2026-01-01" })).toEqual([["to", "Choose at most 367 days."]]);
    expect(errors({ report: "payroll" })?.[0]?.[0]).toBe("report");
    expect(errors({ currency: "XXX" })?.[0]?.[0]).toBe("currency");
    expect(reportDownloadQuerySchema.safeParse({ format: "pdf" }).success).toBe(false);
  });

  it("ignores a breakdown for reports other than daily closing and passes the filters on", () => {
    const q = reportPageQuerySchema.parse({ report: "refunds", breakdown: "brand", branch: "riyadh-1", currency: "KWD", period: "7d" });
    expect(toReportRequest(q.report, q, "Asia/Riyadh", new Date("2026-11-24T10:00:00Z")).request).toEqual({
      report: "refunds",
      firstDay: "2026-11-18",
      lastDay: "2026-11-24",
      branchId: "riyadh-1",
      currency: "KWD",
    });
  });

  it("links the downloads to exactly the page's options", () => {
    const q = reportPageQuerySchema.parse({
      report: "daily-closing",
      period: "custom",
      from: "2026-11-01",
      to: "2026-11-07",
      breakdown: "brand",
      currency: "SAR",
    });
    expect(reportDownloadHref(q, "xlsx")).toBe(
      "/api/reports/daily-closing?period=custom&from=2026-11-01&to=2026-11-07&breakdown=brand&currency=SAR&format=xlsx",
    );
    const download = reportDownloadQuerySchema.parse(Object.fromEntries(new URL(`http://x${reportDownloadHref(q, "csv")}`).searchParams));
    expect(download).toEqual({
      period: "custom",
      from: "2026-11-01",
      to: "2026-11-07",
      breakdown: "brand",
      currency: "SAR",
      format: "csv",
    });
    expect(reportQueryString(reportPageQuerySchema.parse({ report: "auth-ageing", breakdown: "branch" }))).toBe("report=auth-ageing");
  });
});
