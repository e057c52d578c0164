// Threats guarded (issue #14, report downloads): a signed-in user without REPORTS_VIEW (a back-office clerk, a
// read-only user, a user with no role) downloading a finance report by calling GET /api/reports/[report] directly
// is refused 403 in the one error shape, and nothing is recorded as downloaded; a finance user gets the file as an
// attachment that is never cached (Content-Disposition, Cache-Control: no-store), and the download is audited as
// every export is (who, which report, which days, which format). An unknown report or a bad range is a 400.
import "./next-scope.support"; // first: Next's request scope needs the global AsyncLocalStorage before Next loads
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../server/db/schema";
import { testDatabaseTargets, type TestDatabase } from "../support/db.support";
import {
  call,
  createActor,
  declaredRoutes,
  installDatabase,
  isErrorShape,
  routeOf,
  startAttackSandbox,
  stopAttackSandbox,
  uninstallDatabase,
  type Actor,
} from "./harness.support";

const download = routeOf(await declaredRoutes(), "GET", "reports/[report]");

afterAll(() => stopAttackSandbox());

describe.each(testDatabaseTargets())("report downloads on $name", (target) => {
  let database: TestDatabase;
  let finance: Actor;
  beforeAll(async () => {
    await startAttackSandbox();
    database = await target.open();
    await installDatabase(database);
    finance = await createActor(database.db, "finance");
  });
  afterAll(async () => {
    await uninstallDatabase();
    await database?.dispose();
  });

  const downloads = async (actorId: string) =>
    database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "reports.download"), eq(auditLog.actorId, actorId)));

  it.each(["no-role", "back-office", "read-only"] as const)(
    "refuses %s (no REPORTS_VIEW): 403, nothing audited as downloaded",
    async (name) => {
      const actor = await createActor(database.db, name);
      expect(actor.permissions.has("REPORTS_VIEW")).toBe(false);
      for (const [report, format] of [
        ["refunds", "csv"],
        ["auth-ageing", "xlsx"],
        ["daily-closing", "csv"],
      ]) {
        const res = await call(download, { params: { report: report! }, query: `format=${format}&period=7d`, cookie: actor.cookie });
        expect(res.status, `${report} ${format}`).toBe(403);
        expect(isErrorShape(res.json)).toBe(true);
        expect((res.json as { error: { code: string } }).error.code).toBe("forbidden");
      }
      expect(await downloads(actor.userId)).toEqual([]);
    },
  );

  it("refuses a caller with no session: 401", async () => {
    const res = await call(download, { params: { report: "refunds" }, query: "format=csv" });
    expect(res.status).toBe(401);
  });

  it("gives finance the CSV as an uncached attachment, and audits the download", async () => {
    const res = await call(download, {
      params: { report: "refunds" },
      query: "format=csv&period=custom&from=2026-11-01&to=2026-11-02&currency=SAR",
      cookie: finance.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="refunds_2026-11-01_2026-11-02.csv"');
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.text).toContain("Time zone,Asia/Riyadh");
    expect(res.text).toContain("Period,2026-11-01 to 2026-11-02");
    const [row] = await downloads(finance.userId);
    expect(row).toMatchObject({ targetType: "report", targetId: "refunds" });
    expect(row!.summary).toMatchObject({ format: "csv", firstDay: "2026-11-01", lastDay: "2026-11-02", currency: "SAR", rows: 0 });
  });

  it("gives finance the XLSX with its spreadsheet content type", async () => {
    const res = await call(download, { params: { report: "auth-ageing" }, query: "format=xlsx", cookie: finance.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="auth-ageing_\d{4}-\d{2}-\d{2}\.xlsx"$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("answers 400 to an unknown report or a range that ends before it starts", async () => {
    const unknown = await call(download, { params: { report: "payroll" }, query: "format=csv", cookie: finance.cookie });
    expect(unknown.status).toBe(400);
    const backwards = await call(download, {
      params: { report: "refunds" },
      query: "format=csv&period=custom&from=2026-11-05&to=2026-11-01",
      cookie: finance.cookie,
    });
    expect(backwards.status).toBe(400);
    expect(isErrorShape(backwards.json)).toBe(true);
  });
});
