// Drizzle schema of the dashboard's own database. Migrations are generated from this file by drizzle-kit
// (`npm run db:generate`) into server/db/migrations and applied on start.
// No `import "server-only"`: drizzle-kit and the scripts read it; it holds no secret.
import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Every call made to the gateway: what was asked, what came back (both redacted: no card number, CVV, hash or
 * key), how long it took and how it ended. A payment's timeline and the reconciler read it.
 */
export const gatewayCalls = pgTable(
  "gateway_calls",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    operation: text("operation").notNull(),
    orderId: text("order_id"),
    transactionId: text("transaction_id"),
    outcome: text("outcome").notNull(),
    gatewayCode: text("gateway_code"),
    httpStatus: integer("http_status"),
    latencyMs: integer("latency_ms").notNull(),
    attempts: integer("attempts").notNull().default(1),
    request: jsonb("request").notNull(),
    response: jsonb("response"),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    index("gateway_calls_transaction_idx").on(t.transactionId, t.startedAt),
    index("gateway_calls_order_idx").on(t.orderId, t.startedAt),
    index("gateway_calls_started_idx").on(t.startedAt),
    check(
      "gateway_calls_outcome_check",
      sql`${t.outcome} in ('success', 'declined', 'gateway_error', 'transport')`,
    ),
    check("gateway_calls_latency_check", sql`${t.latencyMs} >= 0`),
  ],
);

export type GatewayCallRow = typeof gatewayCalls.$inferSelect;
