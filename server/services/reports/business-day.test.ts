// Rule guarded (real databases: PGlite, and CI's Postgres): one business time zone (REPORT_TIME_ZONE) decides the
// day of everything. A payment made at 01:30 Riyadh time (22:30 UTC the day before) is on the same day in the
// transactions list's date filter, the transactions CSV, the Overview's "today", the daily-closing report (CSV), the
// audit log's filter and its CSV; the exports say the zone in their header and keep it even when the person reads
// the screens in their browser's zone (here UTC), whose rows they still get.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolvePeriod } from "@/lib/reports/period";
import { auditLogQuerySchema } from "@/lib/schemas/admin-audit";
import { searchParamsRecord, transactionExportQuerySchema, transactionListQuerySchema } from "@/lib/transactions/list-query";
import type { Principal } from "../../auth/principal";
import { appendAuditNow } from "../../audit/audit-log";
import { readConfig } from "../../config";
import { payments } from "../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { testPrincipal } from "../../../tests/support/services.support";
import { clearPayments, paymentValues } from "../../../tests/support/transactions-fixtures.support";
import type { ServiceContext, ServiceDeps } from "../deps";
import { exportAuditLog } from "../admin/audit/export-audit-log";
import { listAuditLog } from "../admin/audit/list-audit-log";
import { exportTransactions } from "../transactions/export-transactions";
import { listTransactions } from "../transactions/list-transactions";
import { downloadReport } from "./download-report";
import { overviewFigures } from "./overview-figures";

type Deps = Pick<ServiceDeps, "db" | "config" | "now">;
const AT = new Date("2026-11-27T22:30:00Z"); // 2026-11-28 01:30 in Riyadh
const NOW = new Date("2026-11-28T09:00:00Z"); // noon in Riyadh, the same business day
const ORDER = "BIZDAY-0130";

const text = async (stream: ReadableStream<Uint8Array>) => new TextDecoder().decode(await new Response(stream).arrayBuffer());
const query = <T>(schema: { parse(v: unknown): T }, qs: string) => schema.parse(searchParamsRecord(new URLSearchParams(qs)));

describe.each(testDatabaseTargets())("one business day for every screen and export ($name)", (target) => {
  let database: TestDatabase;
  let deps: Deps;
  let finance: Principal;
  const as = (principal: Principal): ServiceContext<Deps> => ({ deps, principal, ip: null });

  beforeAll(async () => {
    database = await target.open();
    deps = { db: database.db, config: readConfig({ DATA_DIR: "/tmp/unused-test-data", REPORT_TIME_ZONE: "Asia/Riyadh" }), now: () => NOW };
    finance = await testPrincipal(deps.db, "Finance", ["TRANSACTIONS_VIEW", "TRANSACTIONS_EXPORT", "REPORTS_VIEW", "AUDIT_VIEW"]);
    await clearPayments(deps.db);
    await deps.db.insert(payments).values(paymentValues({ orderId: ORDER, amountMinor: 13_000, createdAt: AT }));
    await appendAuditNow(deps.db, { action: "payment.sale", targetType: "payment", targetId: ORDER, actorEmail: finance.email, at: AT });
  }, 60_000);

  afterAll(async () => {
    await database?.dispose();
  });

  it("the transactions list finds it on the 28th in the business zone, not on the 27th", async () => {
    const on = async (day: string) =>
      (await listTransactions(as(finance), query(transactionListQuerySchema, `from=${day}&to=${day}&tz=Asia/Riyadh`))).rows.map(
        (r) => r.orderId,
      );
    expect(await on("2026-11-28")).toEqual([ORDER]);
    expect(await on("2026-11-27")).toEqual([]);
  });

  it("the transactions CSV says 28 Nov 01:30 under 'Created (Asia/Riyadh)', also for a person reading in UTC", async () => {
    for (const qs of ["tz=Asia/Riyadh&from=2026-11-28&to=2026-11-28", "tz=UTC&from=2026-11-27&to=2026-11-27"]) {
      const csv = await text((await exportTransactions(as(finance), query(transactionExportQuerySchema, qs))).stream);
      const [header, row] = csv.replace(/^\uFEFF/, "").split("\r\n");
      expect(header).toMatch(/^Created \(Asia\/Riyadh\),/);
      expect(row).toMatch(new RegExp(`^2026-11-28 01:30:00,[^,]+,${ORDER},`));
    }
  });

  it("the Overview's today and the daily closing of the 28th count it; the 27th's does not", async () => {
    const today = await overviewFigures(as(finance), resolvePeriod({ period: "today" }, "Asia/Riyadh", NOW), {});
    expect(today.current.byCurrency.find((c) => c.currency === "SAR")?.sales).toMatchObject({ count: 1, minor: 13_000 });
    const closing = async (day: string) =>
      new TextDecoder().decode(
        (
          await downloadReport(as(finance) as ServiceContext, {
            request: { report: "daily-closing", firstDay: day, lastDay: day, breakdown: "none" },
            format: "csv",
          })
        ).body,
      );
    expect(await closing("2026-11-28")).toContain("130.00");
    expect(await closing("2026-11-27")).not.toContain("130.00");
  });

  it("the audit log's filter and its CSV put the entry on the 28th at 01:30 (Asia/Riyadh), whatever zone the page used", async () => {
    const listed = async (qs: string) =>
      (await listAuditLog(as(finance), query(auditLogQuerySchema, `${qs}&action=payment.sale`))).rows.map((r) => r.targetId);
    expect(await listed("from=2026-11-28&to=2026-11-28&tz=Asia/Riyadh")).toEqual([ORDER]);
    expect(await listed("from=2026-11-27&to=2026-11-27&tz=Asia/Riyadh")).toEqual([]);
    const csv = await text((await exportAuditLog(as(finance), query(auditLogQuerySchema, "tz=UTC&action=payment.sale"))).stream);
    const [header, row] = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toMatch(/^Time \(Asia\/Riyadh\),/);
    expect(row).toMatch(/^2026-11-28 01:30:00,/);
  });
});
