// The figures the metrics read from the database at scrape time: what waits for the outbox worker, the reconciler
// and the plan scheduler. Every instance shares the database, so every instance reports the same figures (aggregate
// them with max, not sum). Each query stays on an index (database-figures.test.ts checks the plans) and counts at
// most COUNT_CAP rows, so a backlog cannot make a scrape slow; the ages use the database's clock, the one that
// stamped the rows. All of them run in one short transaction with a statement_timeout, so a slow database cancels
// them itself even after the scrape has stopped waiting (scrape.ts).
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { rawRows } from "../db/raw-rows";

/** A count stops here: a backlog this large reads as this number (the gauges' help says so). */
export const COUNT_CAP = 100_000;

const MONEY_ACTION = sql`type in ('capture', 'void', 'refund') and state = 'unknown'`; // the type list lets the (type, state, created_at) index serve

/** Seconds from `oldest` (a timestamp expression, null when nothing waits) to now; 0 when nothing waits or not yet due. */
const ageOf = (oldest: SQL) => sql`greatest(0, coalesce(extract(epoch from (now() - (${oldest})))::float8, 0))`;
const cappedCount = (from: SQL) => sql`(select count(*)::int from (select 1 from ${from} limit ${sql.raw(String(COUNT_CAP))}) capped)`;

const PLAN_DUE = sql`status = 'active' and in_flight_charge_id is null and next_charge_at <= now()`;

/** One statement per group of figures, in the order they are read. Exported for the query-plan test. */
export const FIGURE_QUERIES = {
  outbox: sql`select ${cappedCount(sql`mail_outbox where status in ('pending', 'sending')`)} as depth,
    ${ageOf(sql`select min(next_attempt_at) from mail_outbox where status = 'pending'`)} as overdue`,
  notifications: sql`select ${cappedCount(sql`gateway_notifications where processed_at is null`)} as unprocessed,
    ${ageOf(sql`select min(received_at) from gateway_notifications where processed_at is null`)} as lag`,
  outcomes: sql`select ${cappedCount(sql`payments where status = 'unknown'`)} as payments,
    ${cappedCount(sql`payment_actions where ${MONEY_ACTION}`)} as actions,
    ${ageOf(
      sql`select least((select min(created_at) from payments where status = 'unknown'),
        (select min(created_at) from payment_actions where ${MONEY_ACTION}))`,
    )} as lag`,
  plans: sql`select ${cappedCount(sql`billing_plans where ${PLAN_DUE}`)} as due,
    ${ageOf(sql`select min(next_charge_at) from billing_plans where ${PLAN_DUE}`)} as overdue`,
} as const;

export interface DatabaseFigures {
  outbox: { depth: number; overdueSeconds: number };
  notifications: { unprocessed: number; lagSeconds: number };
  outcomes: { payments: number; actions: number; lagSeconds: number };
  plans: { due: number; overdueSeconds: number };
}

type Row = Record<string, number | string | null>;
const num = (v: number | string | null | undefined): number => Number(v ?? 0);

const READERS: { [K in keyof DatabaseFigures]: (r: Row) => DatabaseFigures[K] } = {
  outbox: (r) => ({ depth: num(r.depth), overdueSeconds: num(r.overdue) }),
  notifications: (r) => ({ unprocessed: num(r.unprocessed), lagSeconds: num(r.lag) }),
  outcomes: (r) => ({ payments: num(r.payments), actions: num(r.actions), lagSeconds: num(r.lag) }),
  plans: (r) => ({ due: num(r.due), overdueSeconds: num(r.overdue) }),
};

/**
 * Reads every group of figures, handing each to `onFigures` as soon as it is read (a scrape that stops waiting keeps
 * those it has). Rejects on the first query that fails; the database cancels any query past `timeoutMs`.
 */
export async function readDatabaseFigures(
  db: Db,
  timeoutMs: number,
  onFigures: <K extends keyof DatabaseFigures>(group: K, figures: DatabaseFigures[K]) => void,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`));
    for (const group of Object.keys(FIGURE_QUERIES) as Array<keyof DatabaseFigures>) {
      const [row] = rawRows<Row>(await tx.execute(FIGURE_QUERIES[group]));
      onFigures(group, READERS[group](row ?? {}) as DatabaseFigures[typeof group]);
    }
  });
}
