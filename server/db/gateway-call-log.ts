// The gateway-call log: the database side of the client's call recorder, and the reads a payment's timeline uses.
// Rows arrive already redacted by the client (no card number, CVV, hash or key).
import { asc, eq, or } from "drizzle-orm";
import type { GatewayCallRecord } from "../gateway/result";
import type { Db } from "./client";
import { currentCallPurpose } from "./gateway-call-purpose";
import { gatewayCalls, type GatewayCallRow } from "./schema";

/** One recorded call: the client's own record type (server/gateway/result.ts). */
export type GatewayCallEntry = GatewayCallRecord;

export function createGatewayCallLog(db: Db) {
  return {
    async record(e: GatewayCallEntry): Promise<void> {
      await db.insert(gatewayCalls).values({
        operation: e.operation,
        orderId: e.orderId,
        transactionId: e.transactionId,
        outcome: e.outcome,
        gatewayCode: e.gatewayCode,
        httpStatus: e.httpStatus,
        latencyMs: Math.max(0, Math.round(e.latencyMs)),
        attempts: e.attempts,
        request: e.request ?? {},
        response: e.response ?? null,
        startedAt: e.startedAt,
        purpose: currentCallPurpose(),
      });
    },
    /** Every call about one payment, oldest first (by its transaction id or its order id). */
    async forPayment(ids: { transactionId?: string | null; orderId?: string | null }): Promise<GatewayCallRow[]> {
      const conds = [
        ids.transactionId ? eq(gatewayCalls.transactionId, ids.transactionId) : undefined,
        ids.orderId ? eq(gatewayCalls.orderId, ids.orderId) : undefined,
      ].filter((c) => c !== undefined);
      if (conds.length === 0) return [];
      return db
        .select()
        .from(gatewayCalls)
        .where(or(...conds))
        .orderBy(asc(gatewayCalls.startedAt), asc(gatewayCalls.id));
    },
  };
}

export type GatewayCallLog = ReturnType<typeof createGatewayCallLog>;
