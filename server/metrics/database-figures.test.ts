// Rules guarded (operators): the scrape-time gauges say what is really waiting in the shared database (the outbox
// goes from N to N+1 when a mail is queued; notifications, unknown outcomes and due plans are counted, and aged, as
// the workers see them); each figure's query stays on an index rather than reading the ledger through; a database
// that hangs or fails never hangs the scrape: it answers within its limit, leaves out what it could not read (never
// a stale or zero figure) and says so in dashboard_scrape_error. Real databases: PGlite, and PostgreSQL when set.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets, type TestDatabase } from "../../tests/support/db.support";
import type { Db } from "../db/client";
import { rawRows } from "../db/raw-rows";
import { billingPlans, gatewayNotifications, paymentActions, payments } from "../db/schema";
import { createLogger } from "../log/logger";
import { enqueueMail } from "../mail/outbox";
import { FIGURE_QUERIES } from "./database-figures";
import { scrape } from "./scrape";

const silent = createLogger({ sink: () => {} });
const HOUR_MS = 3_600_000;

/** The value of one sample (`name` or `name{labels}`) in an exposition text; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function figures(db: Db): Promise<string> {
  return (await scrape({ database: async () => db, logger: silent })).body;
}

async function seedPayment(db: Db, status: string, createdAt: Date): Promise<string> {
  const [row] = await db
    .insert(payments)
    .values({ orderId: `m-${randomUUID()}`, kind: "sale", status, currency: "SAR", amountMinor: 1000, createdAt, updatedAt: createdAt })
    .returning({ id: payments.id });
  return row!.id;
}

describe.each(testDatabaseTargets())("database figures on $name", (target) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await target.open();
    db = database.db;
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("outbox depth goes from N to N+1 when a mail is queued, and back when it is sent", async () => {
    const before = sample(await figures(db), "dashboard_mail_outbox_depth");
    expect(before).toEqual(expect.any(Number));
    const id = await enqueueMail(db, "ops@example.test", { kind: "invitation", subject: "Hello", text: "Hello", html: "<p>Hello</p>" });
    const after = await figures(db);
    expect(sample(after, "dashboard_mail_outbox_depth")).toBe(before! + 1);
    expect(sample(after, "dashboard_mail_outbox_overdue_seconds")).toBeGreaterThanOrEqual(0);
    await db.execute(sql`update mail_outbox set status = 'sent', sent_at = now() where id = ${id}`);
    expect(sample(await figures(db), "dashboard_mail_outbox_depth")).toBe(before);
  });

  it("unprocessed notifications are counted and the reconciler's lag is the oldest one's age", async () => {
    const receivedAt = new Date(Date.now() - 2 * HOUR_MS);
    await db.insert(gatewayNotifications).values([
      { dedupeKey: `m-${randomUUID()}`, hashValid: true, payload: {}, receivedAt },
      { dedupeKey: `m-${randomUUID()}`, hashValid: true, payload: {} },
      { dedupeKey: `m-${randomUUID()}`, hashValid: true, payload: {}, processedAt: new Date(), processingResult: "applied" },
    ]);
    const text = await figures(db);
    expect(sample(text, "dashboard_gateway_notifications_unprocessed")).toBe(2);
    const lag = sample(text, 'dashboard_reconciler_lag_seconds{queue="notifications"}')!;
    expect(lag).toBeGreaterThan(2 * 3600 - 60);
    expect(lag).toBeLessThan(2 * 3600 + 600);
  });

  it("unknown outcomes (payments and money actions) are counted, aged by the oldest, and settled ones are not", async () => {
    const empty = await figures(db);
    expect(sample(empty, 'dashboard_outcome_unknown{kind="payment"}')).toBe(0);
    expect(sample(empty, 'dashboard_reconciler_lag_seconds{queue="payments"}')).toBe(0);
    await seedPayment(db, "captured", new Date(Date.now() - 9 * HOUR_MS));
    await seedPayment(db, "unknown", new Date(Date.now() - HOUR_MS));
    const withAction = await seedPayment(db, "captured", new Date(Date.now() - 5 * HOUR_MS));
    await db.insert(paymentActions).values({
      paymentId: withAction,
      type: "refund",
      state: "unknown",
      amountMinor: 500,
      currency: "SAR",
      idempotencyKey: randomUUID(),
      requestHash: "h",
      requestedBy: randomUUID(),
      createdAt: new Date(Date.now() - 3 * HOUR_MS),
    });
    const text = await figures(db);
    expect(sample(text, 'dashboard_outcome_unknown{kind="payment"}')).toBe(1);
    expect(sample(text, 'dashboard_outcome_unknown{kind="action"}')).toBe(1);
    const lag = sample(text, 'dashboard_reconciler_lag_seconds{queue="payments"}')!;
    expect(lag).toBeGreaterThan(3 * 3600 - 60); // the refund's, the older of the two
    expect(lag).toBeLessThan(3 * 3600 + 600);
  });

  it("plan charges due: active plans past their time with nothing in flight, nothing else", async () => {
    const first = await seedPayment(db, "captured", new Date());
    const second = await seedPayment(db, "captured", new Date());
    const third = await seedPayment(db, "captured", new Date());
    const fourth = await seedPayment(db, "captured", new Date());
    const plan = (firstPaymentId: string, over: Partial<typeof billingPlans.$inferInsert>) => ({
      firstPaymentId,
      amountMinor: 1000,
      currency: "SAR",
      interval: "monthly",
      anchorDate: "2026-01-01",
      description: "Metrics",
      interface: "v2",
      nextChargeAt: new Date(Date.now() - 30 * 60_000),
      ...over,
    });
    await db.insert(billingPlans).values([
      plan(first, {}),
      plan(second, { nextChargeAt: new Date(Date.now() + HOUR_MS) }), // not due yet
      plan(third, { status: "paused" }),
      plan(fourth, { inFlightChargeId: randomUUID() }), // being charged
    ]);
    const text = await figures(db);
    expect(sample(text, "dashboard_plan_charges_due")).toBe(1);
    expect(sample(text, "dashboard_plan_charges_overdue_seconds")).toBeGreaterThan(30 * 60 - 60);
    expect(sample(text, "dashboard_scrape_error")).toBe(0);
  });

  it("every figure's query is answered from an index, never by reading a table through (sequential scans off)", async () => {
    const plans: Record<string, string> = {};
    await db.transaction(async (tx) => {
      // With sequential scans priced out, a query that no index can serve still shows "Seq Scan": that is the failure.
      await tx.execute(sql`set local enable_seqscan = off`);
      for (const [name, query] of Object.entries(FIGURE_QUERIES)) {
        const rows = rawRows<Record<string, string>>(await tx.execute(sql`explain ${query}`));
        plans[name] = rows.map((r) => Object.values(r)[0]).join("\n");
      }
    });
    for (const [name, plan] of Object.entries(plans)) {
      expect(plan, `${name}:\n${plan}`).toMatch(/Index (Only )?Scan/);
      expect(plan, `${name}:\n${plan}`).not.toMatch(/Seq Scan/);
    }
  });

  it("a database that never answers: the scrape answers within its limit, without the figures, scrape error 1", async () => {
    const started = Date.now();
    const answer = await scrape({ database: () => new Promise<Db>(() => {}), timeoutMs: 300, logger: silent });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(sample(answer.body, "dashboard_scrape_error")).toBe(1);
    expect(sample(answer.body, "dashboard_mail_outbox_depth")).toBeUndefined();
    expect(answer.body).not.toContain("dashboard_reconciler_lag_seconds{");
    expect(answer.body).toContain("process_cpu_user_seconds_total"); // the rest of the answer is all there
    expect(answer.body).toContain("dashboard_http_requests_total");
  });

  it("a query that fails: the figures read before it are kept, the rest left out, scrape error 1", async () => {
    let statements = 0;
    // The same database, failing from the third statement on (after the timeout setting and the outbox's figures).
    const failing = new Proxy(db, {
      get(t, p, r) {
        if (p !== "transaction") return Reflect.get(t, p, r) as unknown;
        return (fn: (tx: Db) => Promise<unknown>) =>
          t.transaction((tx) =>
            fn(
              new Proxy(tx, {
                get(x, q, rx) {
                  if (q !== "execute") return Reflect.get(x, q, rx) as unknown;
                  return (query: Parameters<Db["execute"]>[0]) =>
                    ++statements >= 3 ? Promise.reject(new Error("simulated failure")) : x.execute(query);
                },
              }) as unknown as Db,
            ),
          );
      },
    });
    const answer = await scrape({ database: async () => failing, logger: silent });
    expect(sample(answer.body, "dashboard_scrape_error")).toBe(1);
    expect(sample(answer.body, "dashboard_mail_outbox_depth")).toEqual(expect.any(Number));
    expect(sample(answer.body, "dashboard_gateway_notifications_unprocessed")).toBeUndefined();
    expect(sample(answer.body, "dashboard_plan_charges_due")).toBeUndefined();
  });
});
