// Rules guarded: every gateway call is kept with its outcome, latency and redacted payloads, on the embedded
// database and on a Postgres server alike; the schema refuses an unknown outcome or a negative latency.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createGatewayCallLog } from "./gateway-call-log";
import { testDatabaseTargets, type TestDatabase } from "../../tests/support/db.support";

describe.each(testDatabaseTargets())("gateway-call log on $name", (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("records calls and reads a payment's calls back in order, by transaction id or order id", async () => {
    const log = createGatewayCallLog(database.db);
    const base = { gatewayCode: null, httpStatus: 200, attempts: 1, response: { result: "SUCCESS" } };
    await log.record({
      ...base,
      operation: "sale",
      orderId: "o-1",
      transactionId: null,
      outcome: "success",
      latencyMs: 12.6,
      request: { order_id: "o-1" },
      startedAt: new Date("2026-01-01T10:00:00Z"),
    });
    await log.record({
      ...base,
      operation: "capture",
      orderId: null,
      transactionId: "t-1",
      outcome: "declined",
      latencyMs: 8,
      request: { trans_id: "t-1" },
      startedAt: new Date("2026-01-01T10:05:00Z"),
    });
    await log.record({
      ...base,
      operation: "status",
      orderId: "o-2",
      transactionId: "t-2",
      outcome: "transport",
      latencyMs: 3,
      request: {},
      startedAt: new Date("2026-01-01T10:06:00Z"),
    });
    const rows = await log.forPayment({ transactionId: "t-1", orderId: "o-1" });
    expect(rows.map((r) => [r.operation, r.outcome, r.latencyMs])).toEqual([
      ["sale", "success", 13],
      ["capture", "declined", 8],
    ]);
    expect(rows[0]!.request).toEqual({ order_id: "o-1" });
    expect(await log.forPayment({})).toEqual([]);
  });

  it("refuses an outcome outside the four result kinds", async () => {
    await expect(
      database.db.execute(
        sql`insert into gateway_calls (operation, outcome, latency_ms, request, started_at) values ('x', 'maybe', 1, '{}', now())`,
      ),
    ).rejects.toThrow();
  });
});
