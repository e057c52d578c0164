// The gateway-call log: the database side of the client's call recorder, and the reads a payment's timeline uses.
// Rows arrive already redacted by the client (no card number, CVV, hash or key). Where a row is written depends on
// why the call was made, so that a request pays for as few commits as possible (each one is a disk flush):
//   - a sync's reads are held (holdGatewayCalls) and written by the sync itself, inside its ledger transaction,
//     or after it when there is none (the gateway did not answer): one statement, no commit of their own;
//   - the payment page's live reads ("page_view") are written behind the request, several requests' rows in one
//     statement; gatewayCallsSettled() waits for them (forPayment calls it first: this process sees its own rows);
//   - every other call (money, administration) is written before the client returns.
import { AsyncLocalStorage } from "node:async_hooks";
import { asc, eq, or } from "drizzle-orm";
import type { GatewayCallRecord } from "../gateway/result";
import type { Db, Tx } from "./client";
import { logger } from "../log/logger";
import { currentCallPurpose } from "./gateway-call-purpose";
import { uncounted } from "./query-observer";
import { gatewayCalls, type GatewayCallRow } from "./schema";

/** One recorded call: the client's own record type (server/gateway/result.ts). */
export type GatewayCallEntry = GatewayCallRecord;
type NewRow = typeof gatewayCalls.$inferInsert;

/** A character Postgres cannot store (NUL, half a surrogate pair) must not cost the call its record. */
function storable(v: unknown): unknown {
  if (typeof v === "string") return v.includes("\u0000") || !v.isWellFormed() ? v.replaceAll("\u0000", "\uFFFD").toWellFormed() : v;
  if (Array.isArray(v)) return v.map(storable);
  if (v && typeof v === "object" && !(v instanceof Date))
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [storable(k) as string, storable(x)]));
  return v;
}

function rowOf(e: GatewayCallEntry): NewRow {
  return storable({
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
  }) as NewRow;
}

interface Hold {
  rows: NewRow[];
}
// On globalThis: the server's bundles may each load their own copy of this module (as gateway-call-purpose.ts).
const KEY = Symbol.for("merchant-dashboard.gateway-call-hold");
const holds = ((globalThis as { [KEY]?: AsyncLocalStorage<Hold> })[KEY] ??= new AsyncLocalStorage<Hold>());

/** The calls held so far in this holdGatewayCalls scope, for the caller to write in its own transaction. */
export interface HeldCalls {
  /** Writes the held rows (one statement) with `db`, inside the caller's transaction; nothing when none. */
  writeIn(db: Db | Tx): Promise<void>;
}

/**
 * Runs `fn` with the calls it makes held instead of written; `fn` writes them with held.writeIn(tx). Whatever is
 * still held when `fn` ends (it returned early, threw, or its transaction rolled back) is written then, with `db`.
 * A failure to write that rest is logged, never thrown: the call log must not fail the work it records.
 */
export async function holdGatewayCalls<T>(db: Db, fn: (held: HeldCalls) => Promise<T>): Promise<T> {
  const hold: Hold = { rows: [] };
  let inTransaction: NewRow[] = [];
  const held: HeldCalls = {
    async writeIn(tx) {
      inTransaction = hold.rows.splice(0);
      if (inTransaction.length) await tx.insert(gatewayCalls).values(inTransaction);
    },
  };
  try {
    const result = await holds.run(hold, () => fn(held));
    inTransaction = []; // fn returned: the transaction that wrote them committed
    return result;
  } finally {
    const rest = [...inTransaction, ...hold.rows];
    if (rest.length)
      await db
        .insert(gatewayCalls)
        .values(rest)
        .catch((error: unknown) => logger.error("gateway.record_failed", { error }));
  }
}

/** The rows of page views waiting to be written, and the write under way, per database. */
const behind = new WeakMap<Db, { queue: NewRow[]; flushing: Promise<void> | null }>();

function writeBehind(db: Db, row: NewRow, onError: (error: unknown) => void): void {
  let state = behind.get(db);
  if (!state) behind.set(db, (state = { queue: [], flushing: null }));
  state.queue.push(row);
  const s = state;
  const flush = async (): Promise<void> => {
    // Whatever arrived while the previous statement ran goes in the next one: under load, one insert per flush.
    while (s.queue.length) {
      const rows = s.queue.splice(0);
      await db
        .insert(gatewayCalls)
        .values(rows)
        .catch((error: unknown) => onError(error));
    }
    s.flushing = null;
  };
  s.flushing ??= uncounted(() => new Promise<void>((resolve) => setImmediate(resolve)).then(flush));
}

export function createGatewayCallLog(db: Db) {
  // Nobody awaits a page view's row: a failure to write it is logged here.
  const onError = (error: unknown) => logger.error("gateway.record_failed", { purpose: "page_view", error });
  return {
    async record(e: GatewayCallEntry): Promise<void> {
      const row = rowOf(e);
      const hold = holds.getStore();
      if (hold) hold.rows.push(row);
      else if (row.purpose === "page_view") writeBehind(db, row, onError);
      else await db.insert(gatewayCalls).values(row);
    },
    /** Every call about one payment, oldest first (by its transaction id or its order id). */
    async forPayment(ids: { transactionId?: string | null; orderId?: string | null }): Promise<GatewayCallRow[]> {
      const conds = [
        ids.transactionId ? eq(gatewayCalls.transactionId, ids.transactionId) : undefined,
        ids.orderId ? eq(gatewayCalls.orderId, ids.orderId) : undefined,
      ].filter((c) => c !== undefined);
      if (conds.length === 0) return [];
      await gatewayCallsSettled(db);
      return db
        .select()
        .from(gatewayCalls)
        .where(or(...conds))
        .orderBy(asc(gatewayCalls.startedAt), asc(gatewayCalls.id));
    },
  };
}

/** Resolves once every page view's row recorded so far on `db` is written (tests, the timeline's reads). */
export async function gatewayCallsSettled(db: Db): Promise<void> {
  while (behind.get(db)?.flushing) await behind.get(db)!.flushing;
}

export type GatewayCallLog = ReturnType<typeof createGatewayCallLog>;
