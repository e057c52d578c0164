// Rules guarded (real databases: PGlite, and CI's Postgres): every figure of the Overview and every row of the
// daily closing comes from the ledger exactly — sales and declines on the day the payment was made, captures,
// refunds and voids on the day they completed, in the reporting zone (Asia/Riyadh: 23:59:59 and 00:00:00 fall on
// different days), per currency and never summed across currencies; the previous period is compared; pending
// payments count nowhere; the trigger-kept rollup always equals a rebuild from scratch, also after a card brand is
// learnt later, an action is reversed, rows are deleted, and under random sequences of ledger changes; the
// figures need TRANSACTIONS_VIEW and the report REPORTS_VIEW.
import { randomUUID } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolvePeriod } from "@/lib/reports/period";
import { isMoneyCell, type ReportRow } from "@/lib/reports/report-table";
import type { Principal } from "../../auth/principal";
import { readConfig } from "../../config";
import type { Db } from "../../db/client";
import { rawRows } from "../../db/raw-rows";
import { paymentActions, payments } from "../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { codeOf, testPrincipal } from "../../../tests/support/services.support";
import { paymentValues } from "../../../tests/support/transactions-fixtures.support";
import type { ServiceContext, ServiceDeps } from "../deps";
import { dailyClosing } from "./daily-closing";
import { overviewFigures } from "./overview-figures";
import { eq } from "drizzle-orm";
import { activityHref, ACTIVITIES, type Activity } from "@/lib/reports/activity";
import { brandKey } from "@/lib/card-label";
import { searchParamsRecord, transactionListQuerySchema } from "@/lib/transactions/list-query";
import { listTransactions } from "../transactions/list-transactions";

type Deps = Pick<ServiceDeps, "db" | "config" | "now">;
const NOW = new Date("2026-03-15T12:00:00Z"); // 15:00 in Riyadh

async function rollupSnapshot(db: Db) {
  return {
    hourly: await tableSnapshot(db, sql`ledger_rollup`, sql`hour::text`),
    daily: await tableSnapshot(db, sql`ledger_rollup_daily`, sql`day::text`),
  };
}

async function tableSnapshot(db: Db, table: SQL, key: SQL) {
  const result = await db.execute(sql`
    select ${key} as key, currency, branch_id, card_brand, attempts, approved, declines, declined_minor::text, sales,
      sales_minor::text, captures, captures_minor::text, refunds, refunds_minor::text, voids, voids_minor::text
    from ${table}
    where attempts <> 0 or approved <> 0 or declines <> 0 or declined_minor <> 0 or sales <> 0 or sales_minor <> 0
      or captures <> 0 or captures_minor <> 0 or refunds <> 0 or refunds_minor <> 0 or voids <> 0 or voids_minor <> 0
    order by 1, 2, 3, 4`);
  return rawRows<Record<string, unknown>>(result);
}

/** The rollups (hours and days) as the triggers left them must equal a rebuild from the ledger alone. */
async function expectRollupMatchesRebuild(db: Db) {
  const kept = await rollupSnapshot(db);
  await db.execute(sql`select ledger_rollup_rebuild_all()`);
  expect(kept).toEqual(await rollupSnapshot(db));
}

let actionSeq = 0;
function action(
  paymentId: string,
  v: { type: "capture" | "refund" | "void"; state: string; amountMinor: number; completedAt?: Date | null },
) {
  actionSeq += 1;
  return {
    paymentId,
    type: v.type,
    state: v.state,
    amountMinor: v.amountMinor,
    currency: "SAR",
    idempotencyKey: `rep-${actionSeq}-${randomUUID()}`,
    requestHash: "x",
    requestedBy: randomUUID(),
    completedAt: v.completedAt ?? null,
    createdAt: v.completedAt ?? new Date("2026-03-01T00:00:00Z"),
  };
}

describe.each(testDatabaseTargets())("finance figures and the ledger rollup ($name)", (target) => {
  let database: TestDatabase;
  let deps: Deps;
  let finance: Principal;
  let viewer: Principal;
  let nobody: Principal;
  const as = (principal: Principal): ServiceContext<Deps> => ({ deps, principal, ip: null });

  beforeAll(async () => {
    database = await target.open();
    deps = { db: database.db, config: readConfig({ DATA_DIR: "/tmp/unused-test-data", REPORT_TIME_ZONE: "Asia/Riyadh" }), now: () => NOW };
    finance = await testPrincipal(deps.db, "Finance", ["REPORTS_VIEW", "TRANSACTIONS_VIEW"]);
    viewer = await testPrincipal(deps.db, "Viewer", ["TRANSACTIONS_VIEW"]);
    nobody = await testPrincipal(deps.db, "Nobody", []);
    const db = deps.db;
    const insert = async (p: Parameters<typeof paymentValues>[0]) => (await db.insert(payments).values(paymentValues(p)).returning())[0]!;
    const t = (iso: string) => new Date(iso);
    // The current period (last 7 days to 2026-03-15, Riyadh) …
    await insert({ amountMinor: 10_000, createdAt: t("2026-03-14T20:59:59Z"), branchId: "riyadh", cardBrand: "VC" }); // 23:59:59 on the 14th
    await insert({ amountMinor: 5_000, createdAt: t("2026-03-14T21:00:00Z"), branchId: "jeddah", cardBrand: "MC" }); // 00:00 on the 15th
    // An authorization captured two days later through the dashboard, then partly refunded.
    const auth = await insert({
      amountMinor: 20_000,
      authorizedMinor: 20_000,
      capturedMinor: 0,
      status: "authorized",
      createdAt: t("2026-03-10T10:00:00Z"),
      branchId: "riyadh",
      cardBrand: "MADA",
    });
    const [capture] = await db
      .insert(paymentActions)
      .values(action(auth.id, { type: "capture", state: "in_flight", amountMinor: 15_000 }))
      .returning();
    await db.transaction(async (tx) => {
      await tx
        .update(paymentActions)
        .set({ state: "succeeded", completedAt: t("2026-03-12T08:00:00Z") })
        .where(eq(paymentActions.id, capture!.id));
      await tx.update(payments).set({ status: "captured", capturedMinor: 15_000 }).where(eq(payments.id, auth.id));
    });
    await db.transaction(async (tx) => {
      await tx.update(payments).set({ status: "partially_refunded", refundedMinor: 3_000 }).where(eq(payments.id, auth.id));
      await tx
        .insert(paymentActions)
        .values(action(auth.id, { type: "refund", state: "succeeded", amountMinor: 3_000, completedAt: t("2026-03-13T09:00:00Z") }));
    });
    // A refund the gateway reported without a dashboard action (counts on the payment's day), in KWD.
    await insert({
      currency: "KWD",
      amountMinor: 5_000,
      refundedMinor: 5_000,
      status: "refunded",
      createdAt: t("2026-03-11T12:00:00Z"),
      branchId: "riyadh",
      cardBrand: "VC",
    });
    await insert({
      status: "declined",
      amountMinor: 7_000,
      capturedMinor: 0,
      authorizedMinor: 0,
      declineReason: "Insufficient funds",
      createdAt: t("2026-03-12T12:00:00Z"),
      branchId: "riyadh",
      cardBrand: "VC",
    });
    await insert({
      status: "failed",
      amountMinor: 2_000,
      capturedMinor: 0,
      authorizedMinor: 0,
      declineReason: "3-D Secure failed",
      createdAt: t("2026-03-12T13:00:00Z"),
    });
    await insert({
      status: "declined",
      amountMinor: 1_000,
      capturedMinor: 0,
      authorizedMinor: 0,
      declineReason: "Insufficient funds",
      createdAt: t("2026-03-13T13:00:00Z"),
    });
    await insert({ status: "pending", amountMinor: 9_900, capturedMinor: 0, authorizedMinor: 0, createdAt: t("2026-03-13T14:00:00Z") });
    const voided = await insert({ status: "authorized", amountMinor: 4_000, capturedMinor: 0, createdAt: t("2026-03-14T08:00:00Z") });
    await db.transaction(async (tx) => {
      await tx
        .insert(paymentActions)
        .values(action(voided.id, { type: "void", state: "succeeded", amountMinor: 4_000, completedAt: t("2026-03-14T10:00:00Z") }));
      await tx.update(payments).set({ status: "voided" }).where(eq(payments.id, voided.id));
    });
    // … and the 7 days before it.
    await insert({ amountMinor: 8_000, createdAt: t("2026-03-05T10:00:00Z"), branchId: "riyadh", cardBrand: "VC" });
    await insert({ status: "declined", amountMinor: 500, capturedMinor: 0, authorizedMinor: 0, createdAt: t("2026-03-06T10:00:00Z") });
  }, 60_000);
  afterAll(async () => {
    await database?.dispose();
  });

  const week = () => resolvePeriod({ period: "7d" }, "Asia/Riyadh", NOW);

  it("counts gross, refunds, net, declines and rates per currency for the period and the one before", async () => {
    const f = await overviewFigures(as(viewer), week(), {});
    expect(f.current.byCurrency.map((c) => c.currency)).toEqual(["SAR", "KWD"]);
    const sar = f.current.byCurrency[0]!;
    expect(sar.sales).toEqual({ minor: 15_000, count: 2 });
    expect(sar.captures).toEqual({ minor: 15_000, count: 1 });
    expect(sar.gross).toEqual({ minor: 30_000, count: 3 });
    expect(sar.refunds).toEqual({ minor: 3_000, count: 1 });
    expect(sar.voids).toEqual({ minor: 4_000, count: 1 });
    expect(sar.declines).toEqual({ minor: 10_000, count: 3 });
    expect(sar.netMinor).toBe(27_000);
    expect(sar.averageTicketMinor).toBe(10_000);
    expect(sar.refundRate).toBeCloseTo(0.1);
    const kwd = f.current.byCurrency[1]!;
    expect(kwd).toMatchObject({ gross: { minor: 5_000, count: 1 }, refunds: { minor: 5_000, count: 1 }, netMinor: 0, refundRate: 1 });
    // Approval: 5 approved (2 sales, the capture's authorization, the KWD sale, the voided one) of 8 outcomes.
    expect(f.current).toMatchObject({ attempts: 8, approved: 5, declined: 3 });
    expect(f.current.approvalRate).toBeCloseTo(5 / 8);
    expect(f.previous.byCurrency).toEqual([expect.objectContaining({ currency: "SAR", gross: { minor: 8_000, count: 1 } })]);
    expect(f.previous).toMatchObject({ attempts: 2, approved: 1, approvalRate: 0.5 });
  });

  it("draws every day of the period, midnight in Riyadh splitting the two sales, and the breakdowns", async () => {
    const f = await overviewFigures(as(viewer), week(), {});
    expect(f.series.map((p) => p.key)).toEqual([
      "2026-03-09",
      "2026-03-10",
      "2026-03-11",
      "2026-03-12",
      "2026-03-13",
      "2026-03-14",
      "2026-03-15",
    ]);
    const byDay = Object.fromEntries(f.series.map((p) => [p.key, p]));
    expect(byDay["2026-03-14"]).toMatchObject({ grossMinor: { SAR: 10_000 }, attempts: 2, approved: 2 });
    expect(byDay["2026-03-15"]).toMatchObject({ grossMinor: { SAR: 5_000 }, attempts: 1, approved: 1 });
    expect(byDay["2026-03-12"]).toMatchObject({ grossMinor: { SAR: 15_000 }, attempts: 2, approved: 0 });
    expect(byDay["2026-03-11"]!.grossMinor).toEqual({ KWD: 5_000 });
    expect(byDay["2026-03-09"]).toMatchObject({ grossMinor: {}, attempts: 0 });
    expect(f.byBrand.filter((b) => b.currency === "SAR").map((b) => [b.key, b.gross.minor])).toEqual([
      ["MADA", 15_000],
      ["VISA", 10_000],
      ["MASTERCARD", 5_000],
    ]);
    expect(f.byBranch.filter((b) => b.currency === "SAR").map((b) => [b.key, b.gross.minor])).toEqual([
      ["riyadh", 25_000],
      ["jeddah", 5_000],
    ]);
    expect(f.declineReasons).toEqual([
      { reason: "Insufficient funds", count: 2 },
      { reason: "3-D Secure failed", count: 1 },
    ]);
  });

  it("goes per hour for one day and filters by branch and currency", async () => {
    const today = await overviewFigures(as(viewer), resolvePeriod({ period: "today" }, "Asia/Riyadh", NOW), {});
    expect(today.series).toHaveLength(24);
    expect(today.series[0]).toMatchObject({ key: "2026-03-15T00", grossMinor: { SAR: 5_000 } });
    const jeddah = await overviewFigures(as(viewer), week(), { branchId: "jeddah" });
    expect(jeddah.current.byCurrency.map((c) => [c.currency, c.gross.minor])).toEqual([["SAR", 5_000]]);
    const kwd = await overviewFigures(as(viewer), week(), { currency: "KWD" });
    expect(kwd.current.byCurrency.map((c) => c.currency)).toEqual(["KWD"]);
    expect(kwd.declineReasons).toEqual([]);
  });

  it("closes each day per currency with totals, by branch and by brand on demand", async () => {
    const table = await dailyClosing(as(finance), { report: "daily-closing", firstDay: "2026-03-09", lastDay: "2026-03-15" });
    expect(table).toMatchObject({ timeZone: "Asia/Riyadh", period: { firstDay: "2026-03-09", lastDay: "2026-03-15" } });
    expect(table.rows).toHaveLength(14); // 7 days × 2 currencies: quiet days are rows of zeros
    const flat = (r: ReportRow) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, isMoneyCell(v) ? v.minor : v]));
    const sar14 = flat(table.rows.find((r) => r.day === "2026-03-14" && r.currency === "SAR")!);
    expect(sar14).toMatchObject({
      sales: 1,
      salesMinor: 10_000,
      captures: 0,
      refunds: 0,
      voids: 1,
      voidsMinor: 4_000,
      declines: 0,
      netMinor: 10_000,
    });
    const sar12 = flat(table.rows.find((r) => r.day === "2026-03-12" && r.currency === "SAR")!);
    expect(sar12).toMatchObject({ captures: 1, capturesMinor: 15_000, declines: 2, declinedMinor: 9_000, netMinor: 15_000 });
    expect(table.totals.map(flat)).toEqual([
      expect.objectContaining({
        day: "Total",
        currency: "SAR",
        salesMinor: 15_000,
        capturesMinor: 15_000,
        refundsMinor: 3_000,
        voidsMinor: 4_000,
        declinedMinor: 10_000,
        netMinor: 27_000,
      }),
      expect.objectContaining({ day: "Total", currency: "KWD", salesMinor: 5_000, refundsMinor: 5_000, netMinor: 0 }),
    ]);
    const byBranch = await dailyClosing(as(finance), {
      report: "daily-closing",
      firstDay: "2026-03-14",
      lastDay: "2026-03-14",
      breakdown: "branch",
      currency: "SAR",
    });
    expect(byBranch.rows.map((r) => [r.branch, flat(r).salesMinor])).toEqual([
      ["No branch", 0],
      ["riyadh", 10_000],
    ]);
    const byBrand = await dailyClosing(as(finance), {
      report: "daily-closing",
      firstDay: "2026-03-12",
      lastDay: "2026-03-12",
      breakdown: "brand",
      currency: "SAR",
    });
    expect(byBrand.rows.map((r) => r.brand)).toEqual(["Not known", "mada", "VISA"]);
  });

  it("links each figure to exactly the payments that make it (the Transactions list's activity filter)", async () => {
    const period = week();
    const f = await overviewFigures(as(viewer), period, {});
    const listed = async (activity: Activity, filter: { currency?: string; brand?: string } = {}) => {
      const url = new URL(activityHref(activity, period, period.timeZone, filter), "http://x");
      const query = transactionListQuerySchema.parse(searchParamsRecord(url.searchParams));
      const page = await listTransactions(as(viewer), { ...query, size: 100 });
      return page.rows.map((r) => r.orderId).sort();
    };
    const sum = (pick: (c: (typeof f.current.byCurrency)[number]) => number) => f.current.byCurrency.reduce((n, c) => n + pick(c), 0);
    // No payment here had two events of one kind, so each figure's count is its number of payments.
    const expected: Record<Activity, number> = {
      gross: sum((c) => c.gross.count),
      sales: sum((c) => c.sales.count),
      captures: sum((c) => c.captures.count),
      refunds: sum((c) => c.refunds.count),
      voids: sum((c) => c.voids.count),
      declines: sum((c) => c.declines.count),
      attempts: f.current.attempts,
      approved: f.current.approved,
    };
    for (const activity of ACTIVITIES) expect([activity, (await listed(activity)).length]).toEqual([activity, expected[activity]]);
    // The payment made before the period and the pending one are in none of them.
    expect(await listed("gross", { currency: "SAR" })).toHaveLength(3);
    expect(await listed("refunds", { currency: "KWD" })).toHaveLength(1);
    expect(await listed("gross", { currency: "SAR", brand: "MADA" })).toHaveLength(1);
    expect(await listed("declines", { brand: "none" })).toHaveLength(2);
    // "none" also names the payments made without a branch (the Overview's "No branch" bar).
    const url = new URL(activityHref("voids", period, period.timeZone, { branchId: "none" }), "http://x");
    const noBranch = await listTransactions(as(viewer), transactionListQuerySchema.parse(searchParamsRecord(url.searchParams)));
    expect(noBranch.rows).toHaveLength(1);
  });

  it("counts the days of a new REPORT_TIME_ZONE once it changes (the daily rollup is rebuilt), and back", async () => {
    const inZone = (zone: string): ServiceContext<Deps> => ({
      deps: { ...deps, config: { ...deps.config, reportTimeZone: zone } },
      principal: finance,
      ip: null,
    });
    const sales = async (zone: string, day: string) => {
      const t = await dailyClosing(inZone(zone), { report: "daily-closing", firstDay: day, lastDay: day, currency: "SAR" });
      return t.rows.map((r) => (isMoneyCell(r.salesMinor ?? null) ? (r.salesMinor as { minor: number }).minor : null));
    };
    // 20:59:59Z and 21:00Z are two days in Riyadh, one (the 15th, 00:59 and 01:00) in Dubai.
    expect(await sales("Asia/Dubai", "2026-03-15")).toEqual([15_000]);
    expect(await sales("Asia/Dubai", "2026-03-14")).toEqual([0]);
    expect(await sales("Asia/Riyadh", "2026-03-14")).toEqual([10_000]);
    await expectRollupMatchesRebuild(deps.db);
  });

  it("counts one card brand however the ledger spells it (VC, Visa, VISA), in SQL as lib/card-label.ts does", async () => {
    const spellings = [
      "VC",
      "Visa",
      "visa",
      "VISA",
      "MC",
      "MasterCard",
      "master-card",
      "mada",
      "American Express",
      "AMEX",
      "CUP",
      "Diners Club",
      "OTHER",
      "unknown",
      "",
      "JCB",
      "Rupay",
    ];
    const sqlKeys = rawRows<{ k: string | null }>(
      await deps.db.execute(
        sql`select ledger_brand_key(x) as k from unnest(${sql.raw(`array[${spellings.map((x) => `'${x}'`).join(",")}]::text[]`)}) with ordinality as t(x, n) order by n`,
      ),
    ).map((r) => r.k);
    expect(sqlKeys).toEqual(spellings.map((x) => brandKey(x)));
    const before = await overviewFigures(as(viewer), week(), {});
    const visa = (f: typeof before) => f.byBrand.filter((b) => b.key === "VISA" && b.currency === "SAR").map((b) => b.gross.minor);
    await deps.db
      .insert(payments)
      .values(paymentValues({ amountMinor: 700, createdAt: new Date("2026-03-15T08:00:00Z"), cardBrand: "Visa" }));
    const after = await overviewFigures(as(viewer), week(), {});
    expect(visa(after)).toEqual([visa(before)[0]! + 700]); // one VISA bar, not a second "Visa" one
    const url = new URL(activityHref("gross", week(), "Asia/Riyadh", { currency: "SAR", brand: "VISA" }), "http://x");
    const listed = await listTransactions(as(viewer), transactionListQuerySchema.parse(searchParamsRecord(url.searchParams)));
    expect(listed.rows.map((r) => r.cardBrand).sort()).toEqual(["VC", "Visa"]);
    await deps.db.execute(sql`delete from payments where card_brand = 'Visa'`);
  });

  it("asks TRANSACTIONS_VIEW for the figures and REPORTS_VIEW for the report", async () => {
    expect(await codeOf(overviewFigures(as(nobody), week(), {}))).toBe("forbidden");
    expect(await codeOf(dailyClosing(as(viewer), { report: "daily-closing", firstDay: "2026-03-09", lastDay: "2026-03-15" }))).toBe(
      "forbidden",
    );
  });

  it("keeps the rollup equal to a rebuild: as seeded, after a brand learnt later, a reversed action and deletions", async () => {
    const db = deps.db;
    await expectRollupMatchesRebuild(db);
    // The card brand arrives with a later sync: the capture and the refund move with the payment.
    await db.execute(sql`update payments set card_brand = 'VC' where card_brand = 'MADA'`);
    await expectRollupMatchesRebuild(db);
    // A capture found not to have succeeded after all (the reconciler corrects an action).
    await db.execute(sql`update payment_actions set state = 'failed' where type = 'capture'`);
    await expectRollupMatchesRebuild(db);
    await db.execute(sql`update payment_actions set state = 'succeeded' where type = 'capture'`);
    await expectRollupMatchesRebuild(db);
    await db.execute(sql`delete from payment_actions where type = 'void'`);
    await expectRollupMatchesRebuild(db);
  });

  it("keeps the rollup equal to a rebuild under random sequences of ledger changes (property)", async () => {
    const db = deps.db;
    const statuses = [
      "pending",
      "authorized",
      "captured",
      "partially_refunded",
      "refunded",
      "voided",
      "declined",
      "failed",
      "unknown",
    ] as const;
    const op = fc.oneof(
      fc.record({
        kind: fc.constant("insert" as const),
        status: fc.constantFrom(...statuses),
        amount: fc.integer({ min: 1, max: 100_000 }),
        minute: fc.integer({ min: 0, max: 60 * 24 * 20 }),
        brand: fc.constantFrom(null, "VC", "MC"),
        branch: fc.constantFrom(null, "riyadh", "فرع الدمام"),
        currency: fc.constantFrom("SAR", "KWD"),
      }),
      fc.record({
        kind: fc.constant("action" as const),
        pick: fc.nat(),
        type: fc.constantFrom("capture" as const, "refund" as const, "void" as const),
        state: fc.constantFrom("in_flight", "succeeded", "failed"),
        part: fc.integer({ min: 1, max: 100 }),
        minute: fc.integer({ min: 0, max: 60 * 24 * 20 }),
      }),
      fc.record({ kind: fc.constant("flip" as const), pick: fc.nat(), state: fc.constantFrom("succeeded", "failed", "unknown") }),
      fc.record({
        kind: fc.constant("update" as const),
        pick: fc.nat(),
        status: fc.constantFrom(...statuses),
        brand: fc.constantFrom(null, "VC", "MADA"),
        captured: fc.integer({ min: 0, max: 100 }),
        refunded: fc.integer({ min: 0, max: 100 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const ids: string[] = [];
        const actionIds: string[] = [];
        for (const o of ops) {
          if (o.kind === "insert") {
            const captured = ["captured", "partially_refunded", "refunded"].includes(o.status) ? o.amount : 0;
            const refunded = o.status === "refunded" ? captured : o.status === "partially_refunded" ? Math.floor(captured / 2) : 0;
            const [row] = await db
              .insert(payments)
              .values(
                paymentValues({
                  status: o.status,
                  currency: o.currency,
                  amountMinor: o.amount,
                  authorizedMinor: o.amount,
                  capturedMinor: captured,
                  refundedMinor: refunded,
                  cardBrand: o.brand,
                  branchId: o.branch,
                  createdAt: new Date(Date.UTC(2026, 2, 1) + o.minute * 60_000),
                }),
              )
              .returning({ id: payments.id });
            ids.push(row!.id);
          } else if (o.kind === "action" && ids.length) {
            const paymentId = ids[o.pick % ids.length]!;
            const [row] = await db
              .insert(paymentActions)
              .values(
                action(paymentId, {
                  type: o.type,
                  state: o.state,
                  amountMinor: o.part * 10,
                  completedAt: o.state === "in_flight" ? null : new Date(Date.UTC(2026, 2, 1) + o.minute * 60_000),
                }),
              )
              .returning({ id: paymentActions.id });
            actionIds.push(row!.id);
          } else if (o.kind === "flip" && actionIds.length) {
            await db
              .update(paymentActions)
              .set({ state: o.state, completedAt: new Date(Date.UTC(2026, 2, 3)) })
              .where(eq(paymentActions.id, actionIds[o.pick % actionIds.length]!));
          } else if (o.kind === "update" && ids.length) {
            // Amounts within the CHECKs (refunded ≤ captured ≤ authorized), status anything: the rollup is arithmetic.
            const id = ids[o.pick % ids.length]!;
            await db.execute(sql`
              update payments set status = ${o.status}, card_brand = ${o.brand},
                captured_minor = authorized_minor * ${o.captured} / 100,
                refunded_minor = (authorized_minor * ${o.captured} / 100) * ${Math.min(o.refunded, 100)} / 100
              where id = ${id}::uuid`);
          }
        }
        await expectRollupMatchesRebuild(db);
      }),
      { numRuns: target.name === "pglite" ? 25 : 15 },
    );
  }, 120_000);
});
