// Every report by its id: the Reports page, the file downloads under /api/reports/ and the scheduled e-mails all
// come through here, so the three always agree. Each report checks REPORTS_VIEW itself (first line).
import "server-only";
import type { ReportRequest, ReportTable } from "@/lib/reports/report-table";
import type { ServiceContext } from "../deps";
import { authAgeingReport } from "./auth-ageing-report";
import { dailyClosing } from "./daily-closing";
import { refundsReport } from "./refunds-report";

export async function runReport(ctx: ServiceContext, request: ReportRequest): Promise<ReportTable> {
  switch (request.report) {
    case "daily-closing":
      return dailyClosing(ctx, request);
    case "refunds":
      return refundsReport(ctx, request);
    case "auth-ageing":
      return authAgeingReport(ctx, request);
  }
}
