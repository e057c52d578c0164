// Reports in the reader's language (issue #15). Rules guarded: English tables and files come out identical to the
// reports' own; in Arabic the title, column headers, the words reports write into cells (totals, age bands,
// states) and the files' header block are Arabic, while data (order ids, e-mails, amounts) is untouched; paired
// columns keep their group in both languages.
import { describe, expect, it } from "vitest";
import type { ReportTable } from "@/lib/reports/report-table";
import { closingColumns } from "./daily-closing";
import { reportCsv } from "./files/report-csv";
import { localizeReport, reportFileWords } from "./localize-report";

const en = { language: "en", digits: "latn" } as const;
const ar = { language: "ar", digits: "latn" } as const;

const closing: ReportTable = {
  report: "daily-closing",
  title: "Daily closing",
  timeZone: "Asia/Riyadh",
  period: { firstDay: "2026-11-01", lastDay: "2026-11-02" },
  generatedAt: new Date("2026-11-24T09:00:00Z"),
  columns: closingColumns("brand"),
  rows: [{ day: "2026-11-01", currency: "SAR", brand: "Not known", sales: 2, salesMinor: { minor: 1500, currency: "SAR" } }],
  totals: [{ day: "Total", currency: "SAR", brand: "", sales: 2, salesMinor: { minor: 1500, currency: "SAR" } }],
};

const refunds: ReportTable = {
  report: "refunds",
  title: "Refunds",
  timeZone: "Asia/Riyadh",
  period: { firstDay: "2026-11-01", lastDay: "2026-11-01" },
  generatedAt: new Date("2026-11-24T09:00:00Z"),
  columns: [
    { key: "orderId", label: "Order ID", kind: "text" },
    { key: "state", label: "State", kind: "text" },
    { key: "requestedBy", label: "Requested by", kind: "text" },
  ],
  rows: [{ orderId: "Total refunded (1 succeeded)", state: "Succeeded", requestedBy: "finance@example.test" }],
  totals: [{ orderId: "Total refunded (3 succeeded)" }],
};

describe("localizeReport", () => {
  it("leaves English as the reports make it", () => {
    expect(localizeReport(closing, en)).toEqual(closing);
    expect(localizeReport(refunds, en)).toEqual(refunds);
    expect(reportCsv(localizeReport(closing, en), reportFileWords(en))).toBe(reportCsv(closing));
  });

  it("words an Arabic daily closing: title, paired headers, totals and 'not known'", () => {
    const t = localizeReport(closing, ar);
    expect(t.title).toBe("الإقفال اليومي");
    const sales = t.columns.find((c) => c.key === "sales")!;
    expect(sales.label).toBe("المبيعات (العدد)");
    expect(sales.pair?.groupLabel).toBe("المبيعات");
    expect(t.columns.find((c) => c.key === "salesMinor")!.label).toBe("المبيعات (المبلغ)");
    expect(t.rows[0]!.brand).toBe("غير معروفة");
    expect(t.totals[0]!.day).toBe("الإجمالي");
    const csv = reportCsv(t, reportFileWords(ar));
    expect(csv).toContain("التقرير,الإقفال اليومي");
    expect(csv).toContain("الفترة,2026-11-01 إلى 2026-11-02");
    expect(csv).toContain("اليوم,العملة,علامة البطاقة,المبيعات (العدد),المبيعات (المبلغ)");
  });

  it("translates the refunds report's words but never its data", () => {
    const t = localizeReport(refunds, ar);
    expect(t.columns.map((c) => c.label)).toEqual(["رقم الطلب", "الحالة", "طلبه"]);
    expect(t.rows[0]!.state).toBe("تمت بنجاح");
    // An order id that happens to read like the totals' words is data: it stays.
    expect(t.rows[0]!.orderId).toBe("Total refunded (1 succeeded)");
    expect(t.rows[0]!.requestedBy).toBe("finance@example.test");
    expect(t.totals[0]!.orderId).toBe("إجمالي المسترد (3 ناجحة)");
  });
});
