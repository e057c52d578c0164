// The one way money moves: capture, void and refund all run through `runMoneyAction`.
//  1. Idempotency: the same key with the same request returns the first result (no second gateway call); with a
//     different request → 422; while the first is still in flight → 409.
//  2. One transaction: lock the payment row (FOR UPDATE), check the rule against the ledger (including actions
//     still open), insert the action as in flight (or waiting for approval), write the audit row, commit.
//  3. Call the gateway, outside any transaction.
//  4. One transaction: record the outcome on the action and the payment, with its audit row. A timeout leaves
//     the action "unknown" (its amount stays reserved) for the reconciler; nothing is ever retried here.
import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { canonicalJson } from "../../audit/chain";
import { appendAudit } from "../../audit/audit-log";
import type { Tx } from "../../db/client";
import { paymentActions, type PaymentActionRow, type PaymentRow } from "../../db/schema";
import type { GatewayResult } from "../../gateway/client";
import { AppError } from "../../errors";
import { advancePayment, lockPayment, type PaymentPatch } from "../../ledger/payments";
import type { ServiceContext, ServiceDeps } from "../deps";
import { isUniqueViolation } from "../../db/errors";
import { requireGatewayAmount } from "./amount";

export type ActionType = "capture" | "void" | "refund";

export interface ActionPlan {
  amountMinor: number;
  method?: "full" | "partial";
  reasonCode?: string | null;
  note?: string | null;
  /** Refunds above the approval threshold wait for a second person before the gateway is called. */
  needsApproval?: boolean;
}

export interface MoneyActionSpec {
  type: ActionType;
  paymentId: string;
  idempotencyKey: string;
  /** The caller's request as sent (before defaults): what makes a replay "the same request". */
  request: Record<string, unknown>;
  /** Checks the rule against the locked payment and the open actions, and says what to do. Throws AppError. */
  plan(payment: PaymentRow, tx: Tx): Promise<ActionPlan>;
  /** Sends the action to the gateway. */
  send(payment: PaymentRow, action: PaymentActionRow): Promise<GatewayResult<unknown>>;
  /** The payment change when the gateway accepted the action. */
  onSuccess(payment: PaymentRow, action: PaymentActionRow, data: unknown): PaymentPatch;
  /** The gateway's reference for the action (a refund's payment_id), when it gives one. */
  refOf?(data: unknown): string | null;
  /** Runs in the transaction that holds the action for approval (the refund's approvers are mailed in it). */
  onAwaitingApproval?(tx: Tx, payment: PaymentRow, action: PaymentActionRow): Promise<void>;
}

export interface MoneyActionResult {
  action: PaymentActionRow;
  payment: PaymentRow;
  /** True when this answer is the stored result of an earlier identical request. */
  replayed: boolean;
}

/**
 * How long after a call's outcome became unknown the gateway might still act on it: past this, an action the
 * gateway does not show can be settled as "did not happen" (before it, only as "happened").
 */
export function unknownOutcomeGraceMs(deps: ServiceDeps): number {
  return deps.config.gateway.connectTimeoutMs + 2 * deps.config.gateway.requestTimeoutMs + 60_000;
}

/**
 * An action still "in flight" long after any gateway answer could have come means its process died between the
 * call and the record. Its outcome is unknown: hand it to the reconciler (which asks the gateway), never resend.
 */
export async function expireStrandedActions(deps: ServiceDeps): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - unknownOutcomeGraceMs(deps));
  const rows = await deps.db
    .update(paymentActions)
    .set({
      state: "unknown",
      outcomeMessage: "The dashboard stopped before the gateway's answer was recorded; the outcome is being confirmed with the gateway.",
      updatedAt: deps.now(),
    })
    .where(and(eq(paymentActions.state, "in_flight"), lt(paymentActions.updatedAt, cutoff)))
    .returning({ id: paymentActions.id });
  return rows.length;
}

export function requestHash(type: ActionType, paymentId: string, request: Record<string, unknown>): string {
  return createHash("sha256").update(canonicalJson({ type, paymentId, request })).digest("hex");
}

async function replayOf(ctx: ServiceContext, spec: MoneyActionSpec, hash: string): Promise<MoneyActionResult | null> {
  const { deps, principal } = ctx;
  const [existing] = await deps.db.select().from(paymentActions).where(eq(paymentActions.idempotencyKey, spec.idempotencyKey)).limit(1);
  if (!existing) return null;
  // A key is its requester's: another person's key never replays their action to you (its result, its payment).
  if (existing.requestedBy !== principal.userId) throw new AppError("unprocessable", "payments.idempotencyKeyReused");
  if (existing.requestHash !== hash || existing.type !== spec.type || existing.paymentId !== spec.paymentId) {
    throw new AppError("unprocessable", "payments.idempotencyKeyReused");
  }
  if (existing.state === "in_flight") throw new AppError("in_flight", "payments.requestInFlight");
  const payment = await deps.db.transaction(async (tx) => lockPayment(tx, existing.paymentId));
  return { action: existing, payment: payment!, replayed: true };
}

function outcomeOf(result: GatewayResult<unknown>): { state: PaymentActionRow["state"]; message: string | null } {
  switch (result.kind) {
    case "success":
      return { state: "succeeded", message: null };
    case "declined":
      return { state: "declined", message: result.declineReason || "Declined by the gateway." };
    case "gateway_error":
      return {
        state: "failed",
        message: result.fieldErrors[0]?.message ? `${result.message} ${result.fieldErrors[0].message}` : result.message,
      };
    case "transport":
      if (!result.outcomeUnknown) return { state: "failed", message: "The gateway could not be reached; nothing was sent. Try again." };
      return {
        state: "unknown",
        message:
          result.reason === "unconfirmed"
            ? "The gateway answered without confirming it. The outcome will be confirmed with the gateway; nothing will be sent again."
            : "The gateway did not answer in time. The outcome will be confirmed with the gateway; nothing will be sent again.",
      };
  }
}

export async function runMoneyAction(ctx: ServiceContext, spec: MoneyActionSpec): Promise<MoneyActionResult> {
  const { deps, principal, ip } = ctx;
  const hash = requestHash(spec.type, spec.paymentId, spec.request);
  const replay = await replayOf(ctx, spec, hash);
  if (replay) return replay;

  let started: { action: PaymentActionRow; payment: PaymentRow };
  try {
    started = await deps.db.transaction(async (tx) => {
      const payment = await lockPayment(tx, spec.paymentId);
      if (!payment) throw new AppError("not_found", "payments.notInLedger");
      const plan = await spec.plan(payment, tx);
      // A void sends no amount; a capture or refund the profile cannot write is refused here, nothing stored.
      if (spec.type !== "void") requireGatewayAmount(deps, plan.amountMinor, payment.currency);
      const now = deps.now();
      const [action] = await tx
        .insert(paymentActions)
        .values({
          paymentId: payment.id,
          type: spec.type,
          method: plan.method ?? null,
          state: plan.needsApproval ? "pending_approval" : "in_flight",
          amountMinor: plan.amountMinor,
          currency: payment.currency,
          reasonCode: plan.reasonCode ?? null,
          note: plan.note ?? null,
          idempotencyKey: spec.idempotencyKey,
          requestHash: hash,
          requestedBy: principal.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await appendAudit(tx, {
        actorId: principal.userId,
        actorEmail: principal.email,
        ip,
        action: plan.needsApproval ? `${spec.type}.request_approval` : `${spec.type}.start`,
        targetType: "payment",
        targetId: payment.id,
        summary: {
          actionId: action!.id,
          amountMinor: plan.amountMinor,
          currency: payment.currency,
          method: plan.method,
          reasonCode: plan.reasonCode,
          orderId: payment.orderId,
        },
      });
      if (plan.needsApproval) await spec.onAwaitingApproval?.(tx, payment, action!);
      return { action: action!, payment };
    });
  } catch (e) {
    // Two identical requests raced past the replay check: the loser answers like a replay.
    if (isUniqueViolation(e)) {
      const raced = await replayOf(ctx, spec, hash);
      if (raced) return raced;
    }
    throw e;
  }
  if (started.action.state === "pending_approval") return { ...started, replayed: false };
  return sendAndRecord(ctx, spec, started);
}

/** Steps 3 and 4: send an in-flight action and record what came back. Also used after an approval. */
export async function sendAndRecord(
  ctx: ServiceContext,
  spec: Pick<MoneyActionSpec, "send" | "onSuccess" | "refOf" | "type">,
  { payment, action }: { payment: PaymentRow; action: PaymentActionRow },
): Promise<MoneyActionResult> {
  const { deps, principal: actor, ip } = ctx;
  let result: GatewayResult<unknown>;
  try {
    result = await spec.send(payment, action);
  } catch (e) {
    // A programming error before anything was sent (e.g. the client refused its input): the action failed.
    result = {
      kind: "gateway_error",
      httpStatus: 0,
      code: null,
      errorCode: null,
      message: e instanceof Error ? "The request could not be prepared." : String(e),
      fieldErrors: [],
    };
  }
  const outcome = outcomeOf(result);
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const locked = (await lockPayment(tx, payment.id))!;
    const [updated] = await tx
      .update(paymentActions)
      .set({
        state: outcome.state,
        outcomeMessage: outcome.message,
        gatewayRefId: result.kind === "success" ? (spec.refOf?.(result.data) ?? null) : null,
        updatedAt: now,
        completedAt: outcome.state === "unknown" ? null : now,
      })
      .where(and(eq(paymentActions.id, action.id), eq(paymentActions.state, "in_flight")))
      .returning();
    const next = result.kind === "success" ? await advancePayment(tx, locked, spec.onSuccess(locked, action, result.data), now) : locked;
    await appendAudit(tx, {
      actorId: actor.userId,
      actorEmail: actor.email,
      ip,
      action: `${spec.type}.${outcome.state}`,
      targetType: "payment",
      targetId: payment.id,
      summary: {
        actionId: action.id,
        amountMinor: action.amountMinor,
        currency: action.currency,
        gateway: result.kind,
        message: outcome.message,
      },
    });
    return { action: updated ?? action, payment: next, replayed: false };
  });
}
