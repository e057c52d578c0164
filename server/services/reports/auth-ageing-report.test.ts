// Rules guarded (issue #14, authorizations ageing): the money held and not captured (payments still authorized) is
// shown per currency by age as of now — under 1 day, 1 to 3, 3 to 7, 7 days or more, a band's lower edge included
// (a payment exactly 1 day old is in "1 to 3 days") — with counts, amounts and the oldest authorization; captured,
// voided and declined payments are not held money; totals per currency; filters; REPORTS_VIEW required.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { codeOf, testPrincipal } from "../../../tests/support/services.support";
import type { Principal } from "../../auth/principal";
import { readConfig } from "../../config";
import { insertPayment } from "../../ledger/payments";
import { authAgeingReport } from "./auth-ageing-report";

const config = readConfig({ DATA_DIR: "/tmp/unused-test-data", REPORT_TIME_ZONE: "Asia/Riyadh" });
const NOW = new Date("2026-11-20T12:00:00Z");
const ago = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);
const request = { report: "auth-ageing" as const, firstDay: "2026-11-01", lastDay: "2026-11-20" };

describe.each(testDatabaseTargets())("authorizations ageing report ($name)", (target) => {
  let database: TestDatabase;
  let finance: Principal;
  const ctx = (principal: Principal) => ({ deps: { db: database.db, config, now: () => NOW }, principal, ip: null });

  beforeAll(async () => {
    database = await target.open();
    finance = await testPrincipal(database.db, "Finance", ["REPORTS_VIEW"]);
    let i = 0;
    const add = (status: string, currency: string, minor: number, createdAt: Date, branchId: string | null = null) =>
      insertPayment(database.db, {
        orderId: `age-${++i}`,
        kind: "authorization",
        status,
        currency,
        amountMinor: minor,
        authorizedMinor: status === "authorized" || status === "captured" ? minor : 0,
        capturedMinor: status === "captured" ? minor : 0,
        branchId,
        createdAt,
      });
    await add("authorized", "SAR", 10_000, ago(2)); // under 1 day
    await add("authorized", "SAR", 5_050, ago(23.9)); // under 1 day
    await add("authorized", "SAR", 20_000, ago(24)); // exactly 1 day: 1 to 3 days
    await add("authorized", "SAR", 30_000, ago(24 * 10), "riyadh-1"); // 7 days or more
    await add("authorized", "KWD", 1_250, ago(24 * 3 + 1)); // 3 to 7 days
    await add("captured", "SAR", 99_000, ago(24 * 5)); // captured: not held
    await add("voided", "SAR", 88_000, ago(24 * 5)); // released
    await add("declined", "SAR", 77_000, ago(1));
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("bands the held amounts per currency by age as of now, every band shown", async () => {
    const table = await authAgeingReport(ctx(finance), request);
    expect(table).toMatchObject({ report: "auth-ageing", title: "Authorizations ageing", period: null, timeZone: "Asia/Riyadh" });
    expect(table.generatedAt).toEqual(NOW);
    expect(table.rows.map((r) => [r.currency, r.band, r.count, r.amount])).toEqual([
      ["KWD", "Under 1 day", 0, { minor: 0, currency: "KWD" }],
      ["KWD", "1 to 3 days", 0, { minor: 0, currency: "KWD" }],
      ["KWD", "3 to 7 days", 1, { minor: 1_250, currency: "KWD" }],
      ["KWD", "7 days or more", 0, { minor: 0, currency: "KWD" }],
      ["SAR", "Under 1 day", 2, { minor: 15_050, currency: "SAR" }],
      ["SAR", "1 to 3 days", 1, { minor: 20_000, currency: "SAR" }],
      ["SAR", "3 to 7 days", 0, { minor: 0, currency: "SAR" }],
      ["SAR", "7 days or more", 1, { minor: 30_000, currency: "SAR" }],
    ]);
    // The oldest authorization of each band, so the person knows which hold lapses first.
    expect(table.rows[4]!.oldest).toBe(ago(23.9).toISOString());
    expect(table.rows[7]!.oldest).toBe(ago(240).toISOString());
    expect(table.rows[0]!.oldest).toBeNull();
  });

  it("totals per currency", async () => {
    const table = await authAgeingReport(ctx(finance), request);
    expect(table.totals).toEqual([
      { band: "All ages", currency: "KWD", count: 1, amount: { minor: 1_250, currency: "KWD" }, oldest: ago(73).toISOString() },
      { band: "All ages", currency: "SAR", count: 4, amount: { minor: 65_050, currency: "SAR" }, oldest: ago(240).toISOString() },
    ]);
  });

  it("narrows to a currency and to a branch", async () => {
    const kwd = await authAgeingReport(ctx(finance), { ...request, currency: "KWD" });
    expect(kwd.totals.map((t) => t.currency)).toEqual(["KWD"]);
    const branch = await authAgeingReport(ctx(finance), { ...request, branchId: "riyadh-1" });
    expect(branch.totals).toEqual([
      { band: "All ages", currency: "SAR", count: 1, amount: { minor: 30_000, currency: "SAR" }, oldest: ago(240).toISOString() },
    ]);
  });

  it("refuses a user without REPORTS_VIEW", async () => {
    const capturer = await testPrincipal(database.db, "Capturer", ["CAPTURES_CREATE", "TRANSACTIONS_VIEW"]);
    expect(await codeOf(authAgeingReport(ctx(capturer), request))).toBe("forbidden");
  });
});
