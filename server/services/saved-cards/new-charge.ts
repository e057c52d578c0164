// A new payment that the dashboard itself starts on a stored credential (saved-card token sale, recurring charge):
//  1. Idempotency by the order id (unique in the ledger; the dialog creates it when it opens, together with its
//     idempotency key): the same order id with the same request returns the first result without a second
//     gateway call; with a different request → 422; while the first is still pending → 409.
//  2. One transaction: insert the ledger payment as "pending" and its audit row.
//  3. Call the gateway, outside any transaction.
//  4. One transaction: record the outcome on the payment, with its audit row. A timeout leaves the payment
//     "unknown" for the reconciler; nothing is ever retried here.
import type { UiPrefs } from "@/lib/i18n/languages";
import type { Principal } from "../../auth/principal";
import { translatorFor } from "../../i18n/translator";
import { appendAudit } from "../../audit/audit-log";
import type { PaymentRow } from "../../db/schema";
import type { GatewayResult } from "../../gateway/client";
import { confirmationOf, type ConfirmedOperation } from "../../gateway/confirmations";
import { AppError } from "../../errors";
import {
  advancePayment,
  findPaymentByOrderId,
  insertPayment,
  lockPayment,
  type NewPayment,
  type PaymentPatch,
} from "../../ledger/payments";
import type { ServiceContext, ServiceDeps } from "../deps";
import { isUniqueViolation } from "../../db/errors";
import { storeThreeDsView } from "../payments/new/three-ds-views";
import { vmsg } from "@/lib/schemas/messages";
import { cardLabel } from "@/lib/card-label";
import { requireGatewayAmount } from "../payments/amount";
import { guardCharge } from "../payments/charge-guard";

export interface NewChargeSpec {
  /** Audit prefix: "token_sale" or "recurring". */
  auditAction: string;
  /** The gateway call that makes the charge: which of its answers confirm what (gateway/confirmations.ts). */
  operation: Extract<ConfirmedOperation, "token_sale" | "recurring_sale" | "recurring_v2">;
  values: NewPayment & { orderId: string };
  /** What makes a replay "the same request": compared with the stored row of the same order id. */
  sameRequest(existing: PaymentRow): boolean;
  idempotencyKey: string;
  send(payment: PaymentRow): Promise<GatewayResult<Record<string, unknown>>>;
  /** The gateway's id of the new payment in a successful answer. */
  gatewayIdOf(data: Record<string, unknown>): string | null;
  /**
   * When the card asks for 3-D Secure: the page the customer must answer (e.g. the collector's challenge), fetched
   * by the server from the gateway's redirect answer; null when it cannot be had (the reconciler settles the payment).
   */
  customerPage?(data: Record<string, unknown>): Promise<{ html: string; origin: string } | null>;
}

export interface NewChargeResult {
  payment: PaymentRow;
  message: string;
  replayed: boolean;
  /** Set when the customer must answer a 3-D Secure challenge: /api/payments/three-ds/<id> serves the page. */
  threeDsViewId: string | null;
}

type ChargeWords = ReturnType<typeof translatorFor<"savedCards">>;
const ENGLISH = { language: "en", digits: "latn" } as const;

/** The sentence for staff about a charge's state (savedCards.chargeMessage.*), English unless a translator is given. */
export function chargeMessage(p: PaymentRow, t: ChargeWords = translatorFor(ENGLISH, "savedCards")): string {
  switch (p.status) {
    case "captured":
    case "authorized":
    case "awaiting_3ds":
    case "unknown":
    case "pending":
      return t(`chargeMessage.${p.status}`);
    case "declined":
      return t("chargeMessage.declined", { reason: p.declineReason ?? t("chargeMessage.declinedByGateway") });
    default:
      return p.declineReason ? t("chargeMessage.failed", { reason: p.declineReason }) : t("chargeMessage.ended", { status: p.status });
  }
}

async function replayOf(deps: ServiceDeps, spec: NewChargeSpec): Promise<NewChargeResult | null> {
  const existing = await findPaymentByOrderId(deps.db, spec.values.orderId);
  if (!existing) return null;
  if (!spec.sameRequest(existing)) {
    throw new AppError("unprocessable", "savedCards.orderIdOtherPayment", {
      orderId: [vmsg("orderId.usedChooseAnother")],
    });
  }
  if (existing.status === "pending") throw new AppError("in_flight", "savedCards.chargeInFlight");
  return { payment: existing, message: chargeMessage(existing), replayed: true, threeDsViewId: null };
}

/** The ledger change that a gateway answer to a new sale or recurring charge means. */
function outcomePatch(result: GatewayResult<Record<string, unknown>>, payment: PaymentRow, spec: NewChargeSpec): PaymentPatch {
  switch (result.kind) {
    case "success": {
      const d = result.data;
      const gatewayId = spec.gatewayIdOf(d);
      const status = String(d.status ?? d.result ?? "").toUpperCase();
      const base: PaymentPatch = { gatewayId: gatewayId ?? undefined, gatewayStatus: status || null };
      // Only the operation's documented success words book money; the client already turns any other answer into
      // an outcome-unknown failure, and a success that still confirms nothing is treated the same way.
      switch (confirmationOf(spec.operation, d)) {
        case "awaiting_3ds":
          return { ...base, status: "awaiting_3ds" };
        case "authorized":
          return { ...base, status: "authorized", authorizedMinor: payment.amountMinor };
        case "captured":
          return { ...base, status: "captured", authorizedMinor: payment.amountMinor, capturedMinor: payment.amountMinor };
        default:
          return { ...base, status: "unknown" };
      }
    }
    case "declined": {
      const id = result.data.trans_id ?? result.data.transaction_id ?? result.data.payment_id;
      return {
        status: "declined",
        declineReason: result.declineReason || "Declined by the gateway.",
        gatewayStatus: "DECLINED",
        gatewayId: typeof id === "string" && id ? id : undefined,
      };
    }
    case "gateway_error": {
      const detail = result.fieldErrors[0]?.message ? `${result.message} ${result.fieldErrors[0].message}` : result.message;
      return { status: "failed", declineReason: detail || "The gateway refused the request." };
    }
    case "transport": {
      if (!result.outcomeUnknown)
        return { status: "failed", declineReason: "The gateway could not be reached; nothing was sent. Try again." };
      // An answer that confirmed nothing may still name the new payment: kept, so that the status query can settle it.
      const gatewayId = result.answer ? spec.gatewayIdOf(result.answer) : null;
      return gatewayId ? { status: "unknown", gatewayId } : { status: "unknown" };
    }
  }
}

export async function runNewCharge(ctx: ServiceContext, spec: NewChargeSpec): Promise<NewChargeResult> {
  const { deps, principal, ip } = ctx;
  const replay = await replayOf(deps, spec);
  if (replay) return replay;
  requireGatewayAmount(deps, spec.values.amountMinor, spec.values.currency);
  // A saved card or a recurring token: the customer is not there to see the amount.
  const { largeChargeConfirmed } = await guardCharge(ctx, {
    minor: spec.values.amountMinor,
    currency: spec.values.currency,
    card: cardLabel({ brand: spec.values.cardBrand, last4: spec.values.cardLast4 }),
  });

  let started: PaymentRow;
  try {
    started = await deps.db.transaction(async (tx) => {
      const now = deps.now();
      const payment = await insertPayment(tx, {
        ...spec.values,
        status: "pending",
        createdBy: principal.userId,
        createdAt: now,
        updatedAt: now,
      });
      await appendAudit(tx, {
        actorId: principal.userId,
        actorEmail: principal.email,
        ip,
        action: `${spec.auditAction}.start`,
        targetType: "payment",
        targetId: payment.id,
        summary: {
          orderId: payment.orderId,
          amountMinor: payment.amountMinor,
          currency: payment.currency,
          parentPaymentId: payment.parentPaymentId,
          idempotencyKey: spec.idempotencyKey,
          ...(largeChargeConfirmed ? { largeChargeConfirmed } : {}),
        },
      });
      return payment;
    });
  } catch (e) {
    // Two identical requests raced past the replay check: the loser answers like a replay.
    if (isUniqueViolation(e)) {
      const raced = await replayOf(deps, spec);
      if (raced) return raced;
    }
    throw e;
  }

  let result: GatewayResult<Record<string, unknown>>;
  try {
    result = await spec.send(started);
  } catch {
    // The client refused its input before sending anything.
    result = {
      kind: "gateway_error",
      httpStatus: 0,
      code: null,
      errorCode: null,
      message: "The request could not be prepared.",
      fieldErrors: [],
    };
  }

  const payment = await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const locked = (await lockPayment(tx, started.id))!;
    const patch = outcomePatch(result, locked, spec);
    const next = await advancePayment(tx, locked, patch, now);
    await appendAudit(tx, {
      actorId: principal.userId,
      actorEmail: principal.email,
      ip,
      action: `${spec.auditAction}.${next.status}`,
      targetType: "payment",
      targetId: next.id,
      summary: {
        orderId: next.orderId,
        amountMinor: next.amountMinor,
        currency: next.currency,
        gateway: result.kind,
        gatewayId: next.gatewayId,
        reason: next.declineReason,
      },
    });
    return next;
  });
  const threeDsViewId = await customerStep(deps, spec, result, payment, principal);
  const message = threeDsViewId ? translatorFor(ENGLISH, "savedCards")("chargeMessage.threeDs") : chargeMessage(payment);
  return { payment, message, replayed: false, threeDsViewId };
}

/** The 3-D Secure page for the customer to answer, kept for the user who started the charge (never stored in the ledger). */
async function customerStep(
  deps: ServiceDeps,
  spec: NewChargeSpec,
  result: GatewayResult<Record<string, unknown>>,
  payment: PaymentRow,
  principal: Principal,
): Promise<string | null> {
  if (payment.status !== "awaiting_3ds" || result.kind !== "success" || !spec.customerPage) return null;
  const page = await spec.customerPage(result.data).catch(() => null);
  return page ? storeThreeDsView(deps.db, { ...page, userId: principal.userId, paymentId: payment.id }) : null;
}

/** What the charge routes answer, its sentence in the reader's language (`prefs`: the request's). */
export function chargeView(r: NewChargeResult, prefs: Pick<UiPrefs, "language" | "digits"> = ENGLISH) {
  const t = translatorFor(prefs, "savedCards");
  return {
    paymentId: r.payment.id,
    orderId: r.payment.orderId,
    state: r.payment.status,
    message: r.threeDsViewId ? t("chargeMessage.threeDs") : chargeMessage(r.payment, t),
    replayed: r.replayed,
    threeDsViewId: r.threeDsViewId,
  };
}
