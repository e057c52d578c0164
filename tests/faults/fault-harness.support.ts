// Support of the fault suites (issue #7): the fault matrix, a sandbox that keeps a record of every call it received
// (its request log: method, path, operation, status), and the checks every case ends with: a message fit for a
// person, a consistent ledger, and the sandbox's own state as the truth the ledger must end up agreeing with.
import { eq, inArray, sql } from "drizzle-orm";
import { expect } from "vitest";
import { startSandbox, type RunningSandbox } from "../../sandbox/server";
import type { Payment as SandboxPayment } from "../../sandbox/types";
import { verifyAuditChain } from "../../server/audit/audit-log";
import { paymentActions, payments } from "../../server/db/schema";
import type { FaultKind } from "../support/sandbox-flows.support";
import { isPaymentStatus } from "@/lib/payment-status";
import type { ServiceDeps } from "../../server/services/deps";

/** Client timeout in the fault suites: short, so that the "slow answer" fault costs well under a second. */
export const FAULT_TIMEOUT_MS = 300;
/**
 * The slow answer: the sandbox holds its answer until the client gives up and closes the connection, then does the
 * work (a gateway finishing a request its client stopped waiting for). It never answers first, however late a busy
 * machine fires the client's timer (a fixed 2.5 s delay lost that race once under load); if the client never gave up,
 * the answer would come after SLOW_ANSWER.latencyMs and the case fails (its outcome would not be "unknown").
 */
export const SLOW_ANSWER = { latencyMs: 15_000, untilClientGone: true } as const;

/** The extra fields of a fault rule of this kind: the slow answer's, or none. */
export const slowAnswerFor = (fault: FaultKind) => (fault === "latency" ? SLOW_ANSWER : {});
/** Well past unknownOutcomeGraceMs (connect 5 s + 2 × timeout + 60 s): "not at the gateway" then means "did not happen". */
export const PAST_GRACE_MS = 10 * 60_000;

export interface FaultCase {
  /** Test title. */
  name: string;
  fault: FaultKind;
  phase: "before" | "after";
  /** Whether the gateway did the work (the answer was lost after it) — what reconciliation must end with. */
  acted: boolean;
  /** result_word: the words of the answer (the fields of the sandbox's fault rule). */
  words?: { result: string; status?: string | null };
}

/**
 * Every fault in both phases. "before": the gateway refuses before its handler runs (nothing happened). "after":
 * the handler ran (money moved) and the answer is replaced by the fault. The slow answer has no phase: the sandbox
 * waits, the client gives up, then the sandbox does the work.
 */
export const FAULT_CASES: FaultCase[] = [
  { name: "slow answer past the timeout", fault: "latency", phase: "after", acted: true },
  // HTTP 503 takes the client's path of HTTP 500 (any 5xx: transport http_status, outcome unknown); one is enough here.
  ...(["http_500", "reset", "malformed", "wrong_shape"] as const).flatMap((fault) =>
    (["before", "after"] as const).map((phase) => ({
      name: `${fault} ${phase} the gateway acted`,
      fault,
      phase,
      acted: phase === "after",
    })),
  ),
  // A readable answer that confirms nothing: never booked as money moved, settled by asking the gateway.
  { name: "UNDEFINED after the gateway acted", fault: "result_word", phase: "after", acted: true, words: { result: "UNDEFINED" } },
  {
    name: "SUCCESS with status PREPARE before the gateway acted",
    fault: "result_word",
    phase: "before",
    acted: false,
    words: { result: "SUCCESS", status: "PREPARE" },
  },
];

export interface RecordingSandbox extends RunningSandbox {
  /** How many requests for this operation the sandbox received (answered, faulted or dropped). */
  received(operation: string): number;
  /** Resolves once the sandbox has finished `n` requests of this operation (a slow one ends after the client left). */
  waitForReceived(operation: string, n: number, ms?: number): Promise<void>;
  /** The sandbox's own payment for an order id (the gateway's truth). */
  paymentByOrder(orderId: string): SandboxPayment | undefined;
}

/** A sandbox on a free port whose request log is kept for counting calls (log lines hold no bodies or secrets). */
export async function startRecordingSandbox(opts: { callbackUrl?: string | null } = {}): Promise<RecordingSandbox> {
  const lines: string[] = [];
  const sb = await startSandbox({
    port: 0,
    dataDir: null,
    callbackUrl: opts.callbackUrl ?? null,
    callbackRetryDelaysMs: [200],
    log: (l) => lines.push(l),
  });
  // Line format: `${method} ${path} ${operation|-} ${status|reset} ${ms}ms` (sandbox/server.ts).
  const received = (operation: string) => lines.filter((l) => l.split(" ")[2] === operation).length;
  return {
    ...sb,
    received,
    async waitForReceived(operation, n, ms = 5_000) {
      const end = Date.now() + ms;
      while (received(operation) < n) {
        if (Date.now() > end) throw new Error(`sandbox received ${received(operation)} ${operation} calls, waited for ${n}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    paymentByOrder: (orderId) => Object.values(sb.state.data.payments).find((p) => p.orderId === orderId),
  };
}

/**
 * A message a person can act on: a sentence, short, with none of the internals a failure could leak (stack
 * frames, URLs, error codes of the network stack, JSON, secrets).
 */
export function expectHumanMessage(message: string | null | undefined, secrets: string[] = []): void {
  expect(message, "a message for the user").toBeTruthy();
  const m = message!;
  expect(m.length).toBeLessThan(400);
  expect(m).toMatch(/^[A-Z]/);
  expect(m).not.toMatch(
    /https?:\/\/|\bat [\w$.<>]+ \(|\n\s+at |Error:|ECONN|EPIPE|UND_ERR|undici|ZodError|stack|[{}[\]]|\bnull\b|\bundefined\b|HTTP \d{3}/i,
  );
  for (const s of secrets) if (s.length >= 4) expect(m).not.toContain(s);
}

const LEGAL_AMOUNTS: Record<string, (p: typeof payments.$inferSelect) => boolean> = {
  captured: (p) => p.capturedMinor > 0 && p.refundedMinor === 0,
  partially_refunded: (p) => p.refundedMinor > 0 && p.refundedMinor < p.capturedMinor,
  refunded: (p) => p.capturedMinor > 0 && p.refundedMinor === p.capturedMinor,
  authorized: (p) => p.authorizedMinor > 0 && p.capturedMinor === 0,
  voided: (p) => p.capturedMinor === 0 && p.refundedMinor === 0,
};

/**
 * The ledger's invariants, over every payment: refunded ≤ captured ≤ authorized; a legal state that agrees with
 * the amounts; the accepted refunds add up to the refunded amount; at most one accepted capture or void, never
 * both; nothing left in flight; no idempotency key used twice. With `only`, just those payments (one case); without,
 * every payment and the audit chain too (end of a suite).
 */
export async function expectLedgerConsistent(db: ServiceDeps["db"], only?: string[]): Promise<void> {
  const rows = only ? await db.select().from(payments).where(inArray(payments.id, only)) : await db.select().from(payments);
  for (const p of rows) {
    const where = `payment ${p.orderId} (${p.status})`;
    expect(isPaymentStatus(p.status), where).toBe(true);
    expect(p.refundedMinor, where).toBeLessThanOrEqual(p.capturedMinor);
    expect(p.capturedMinor, where).toBeLessThanOrEqual(p.authorizedMinor);
    if (LEGAL_AMOUNTS[p.status]) expect(LEGAL_AMOUNTS[p.status]!(p), `${where}: amounts agree with the state`).toBe(true);
    const actions = await db.select().from(paymentActions).where(eq(paymentActions.paymentId, p.id));
    const ok = actions.filter((a) => a.state === "succeeded");
    const refunds = ok.filter((a) => a.type === "refund").reduce((s, a) => s + a.amountMinor, 0);
    if (p.kind !== "external") expect(refunds, `${where}: accepted refunds = refunded amount`).toBe(p.refundedMinor);
    expect(ok.filter((a) => a.type === "capture" || a.type === "void").length, `${where}: one capture or void`).toBeLessThanOrEqual(1);
    const capture = ok.find((a) => a.type === "capture");
    if (capture) expect(p.capturedMinor, `${where}: captured = the capture`).toBe(capture.amountMinor);
    expect(
      actions.filter((a) => a.state === "in_flight"),
      `${where}: nothing left in flight`,
    ).toEqual([]);
  }
  const dupKeys = await db.execute(sql`select idempotency_key from payment_actions group by idempotency_key having count(*) > 1`);
  expect(Array.isArray(dupKeys) ? dupKeys : (dupKeys as unknown as { rows: unknown[] }).rows).toEqual([]);
  if (!only) expect((await verifyAuditChain(db)).ok).toBe(true);
}

/** The sandbox payment's state in ledger words, for comparing the two after reconciliation. */
export function ledgerWordOf(p: SandboxPayment): string {
  if (p.state === "settled") return p.refundedMinor > 0 ? "partially_refunded" : "captured";
  if (p.state === "pending") return "authorized";
  if (p.state === "redirect") return "awaiting_3ds";
  return p.state;
}
