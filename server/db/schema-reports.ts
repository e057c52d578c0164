// The ledger's hourly rollup: what the Overview's figures and the closing reports add up, kept by database
// triggers in the same transaction as every change of `payments` and `payment_actions` (migration 0016), so it is
// never stale, whichever code path changed the ledger. `ledger_rollup_rebuild()` recomputes it from scratch; a
// test compares the two. No `import "server-only"`: drizzle-kit reads it; it holds no secret.
import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per UTC hour, currency, branch ('' when none) and card brand ('' when unknown). An event counts in the
 * hour it happened: a payment's outcome (approved or declined) and what it captured by itself (a sale) at the
 * payment's creation; a capture, refund or void made through the dashboard when it completed. Money the gateway
 * reports without a dashboard action (a refund made elsewhere) counts at the payment's creation.
 */
const sums = {
  attempts: integer("attempts").notNull().default(0),
  approved: integer("approved").notNull().default(0),
  declines: integer("declines").notNull().default(0),
  declinedMinor: bigint("declined_minor", { mode: "number" }).notNull().default(0),
  sales: integer("sales").notNull().default(0),
  salesMinor: bigint("sales_minor", { mode: "number" }).notNull().default(0),
  captures: integer("captures").notNull().default(0),
  capturesMinor: bigint("captures_minor", { mode: "number" }).notNull().default(0),
  refunds: integer("refunds").notNull().default(0),
  refundsMinor: bigint("refunds_minor", { mode: "number" }).notNull().default(0),
  voids: integer("voids").notNull().default(0),
  voidsMinor: bigint("voids_minor", { mode: "number" }).notNull().default(0),
};

export const ledgerRollup = pgTable(
  "ledger_rollup",
  {
    hour: timestamp("hour", { withTimezone: true, mode: "date" }).notNull(),
    currency: text("currency").notNull(),
    branchId: text("branch_id").notNull().default(""),
    cardBrand: text("card_brand").notNull().default(""),
    ...sums,
  },
  (t) => [
    primaryKey({ columns: [t.hour, t.currency, t.branchId, t.cardBrand] }),
    check("ledger_rollup_hour_check", sql`${t.hour} = date_trunc('hour', ${t.hour} at time zone 'UTC') at time zone 'UTC'`),
  ],
);

export type LedgerRollupRow = typeof ledgerRollup.$inferSelect;

/**
 * The same sums per calendar day of the reporting zone (ledger_rollup_settings.time_zone): what periods of several
 * days read (a year is ~365 × currencies × branches × brands rows, 30× fewer than hours). Kept by the same
 * trigger function; rebuilt from the hourly table when the reporting zone changes (server/services/reports/rollup-zone.ts).
 */
export const ledgerRollupDaily = pgTable(
  "ledger_rollup_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    currency: text("currency").notNull(),
    branchId: text("branch_id").notNull().default(""),
    cardBrand: text("card_brand").notNull().default(""),
    ...sums,
  },
  (t) => [primaryKey({ columns: [t.day, t.currency, t.branchId, t.cardBrand] })],
);

/** One row: the zone whose calendar days ledger_rollup_daily counts in (REPORT_TIME_ZONE when it was last built). */
export const ledgerRollupSettings = pgTable(
  "ledger_rollup_settings",
  {
    id: boolean("id").primaryKey().default(true),
    timeZone: text("time_zone").notNull(),
  },
  (t) => [check("ledger_rollup_settings_one_row", sql`${t.id}`)],
);
