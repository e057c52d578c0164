// Recurring charges without a schedule ("charge now"): the recurring tokens the ledger holds (first payments
// made with recurring_init=Y, whose verified notification recorded the token), and a new charge on one of them
// through the JSON v2 call (contract 4.11, default) or the form RECURRING_SALE (4.6, whole units only), as the
// configuration says (RECURRING_INTERFACE) unless an API caller names one.
import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { WHOLE_UNITS_MESSAGE, recurringChargeSchema, type RecurringChargeInput, type RecurringInterface } from "@/lib/schemas/recurring";
import { money, toWholeGatewayAmount, type CurrencyCode } from "@/lib/money";
import type { Db, Tx } from "../../db/client";
import type { GatewayClient } from "../../gateway/client";
import { payments, type PaymentRow } from "../../db/schema";
import { AppError } from "../../errors";
import { findPayment } from "../../ledger/payments";
import type { ServiceContext } from "../deps";
import { amountInCurrency } from "../payments/amount";
import { requirePermission } from "../require-permission";
import { runNewCharge, type NewChargeResult, type NewChargeSpec } from "../saved-cards/new-charge";
import { ipv4Of } from "@/lib/ip-address";

export interface RecurringTokenView {
  firstPaymentId: string;
  firstOrderId: string;
  currency: string;
  createdAt: Date;
  cardLast4: string | null;
  cardBrand: string | null;
  lastCharge: {
    paymentId: string;
    orderId: string;
    status: string;
    amountMinor: number;
    currency: string;
    at: Date;
    reason: string | null;
  } | null;
}

export interface RecurringCustomerView {
  email: string;
  tokens: RecurringTokenView[];
}

/** First payments holding a recurring token, grouped per customer e-mail, each with its latest charge. */
export async function listRecurringTokens(ctx: ServiceContext, input: { limit?: number } = {}): Promise<RecurringCustomerView[]> {
  const { deps, principal } = ctx;
  const limit = input.limit ?? 200;
  requirePermission(principal, "RECURRING_CHARGE");
  const firsts = await deps.db
    .select()
    .from(payments)
    .where(and(isNotNull(payments.recurringToken), isNull(payments.parentPaymentId)))
    .orderBy(desc(payments.createdAt))
    .limit(limit);
  const ids = firsts.map((p) => p.id);
  const children = ids.length
    ? await deps.db
        .select()
        .from(payments)
        .where(and(inArray(payments.parentPaymentId, ids), eq(payments.kind, "recurring")))
        .orderBy(desc(payments.createdAt))
    : [];
  const latest = new Map<string, PaymentRow>();
  for (const c of children) if (!latest.has(c.parentPaymentId!)) latest.set(c.parentPaymentId!, c);
  const groups = new Map<string, RecurringTokenView[]>();
  for (const p of firsts) {
    const last = latest.get(p.id);
    const email = p.payerEmail ?? "(no e-mail)";
    if (!groups.has(email)) groups.set(email, []);
    groups.get(email)!.push({
      firstPaymentId: p.id,
      firstOrderId: p.orderId,
      currency: p.currency,
      createdAt: p.createdAt,
      cardLast4: p.cardLast4,
      cardBrand: p.cardBrand,
      lastCharge: last
        ? {
            paymentId: last.id,
            orderId: last.orderId,
            status: last.status,
            amountMinor: last.amountMinor,
            currency: last.currency,
            at: last.createdAt,
            reason: last.declineReason,
          }
        : null,
    });
  }
  return [...groups.entries()].map(([email, tokens]) => ({ email, tokens })).sort((a, b) => a.email.localeCompare(b.email));
}

export async function chargeRecurring(ctx: ServiceContext, raw: RecurringChargeInput): Promise<NewChargeResult> {
  const { deps, principal } = ctx;
  requirePermission(principal, "RECURRING_CHARGE");
  const parsed = recurringChargeSchema.safeParse(raw);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const i of parsed.error.issues) (fields[i.path.join(".") || "body"] ??= []).push(i.message);
    const first = parsed.error.issues[0];
    throw new AppError("invalid_request", first ? { validation: first.message } : "recurring.requestInvalid", fields);
  }
  const input = parsed.data;
  const first = await recurringFirstPayment(deps.db, input.firstPaymentId);
  const amountMinor = amountInCurrency(input.amount, first.currency);
  const iface = input.interface ?? deps.config.recurring.interface;
  requireWholeUnitsForForm(iface, amountMinor, first.currency);
  const spec = recurringChargeSpec(deps.gateway, first, {
    auditAction: "recurring.charge",
    orderId: input.orderId,
    amountMinor,
    description: input.description,
    interface: iface,
    idempotencyKey: input.idempotencyKey,
  });
  return runNewCharge(ctx, spec);
}

/** The first payment behind a recurring token (made with recurring_init=Y, confirmed by the gateway), or an AppError. */
export async function recurringFirstPayment(
  db: Db | Tx,
  firstPaymentId: string,
): Promise<PaymentRow & { recurringToken: string; gatewayId: string }> {
  const first = await findPayment(db, firstPaymentId);
  if (!first || !first.recurringToken || first.parentPaymentId) throw new AppError("not_found", "recurring.noToken");
  if (!first.gatewayId) throw new AppError("conflict", "recurring.firstNoGatewayId");
  return first as PaymentRow & { recurringToken: string; gatewayId: string };
}

/** The form interface (RECURRING_SALE) takes whole units only (contract 8): refused before anything is written. */
export function requireWholeUnitsForForm(iface: RecurringInterface, amountMinor: number, currency: string): void {
  if (iface === "form" && toWholeGatewayAmount(money(amountMinor, currency as CurrencyCode)) === null) {
    throw new AppError("invalid_request", "recurring.wholeUnits", { amount: [WHOLE_UNITS_MESSAGE] });
  }
}

export interface RecurringChargeOptions {
  /** Audit prefix of the charge's rows: "recurring.charge" (charge now) or "recurring.plan_charge" (billing plans). */
  auditAction: string;
  orderId: string;
  amountMinor: number;
  description: string;
  interface: RecurringInterface;
  idempotencyKey: string;
  /** The v2 call's transactionId; a fresh one by default. */
  transactionId?: string;
}

/**
 * One new charge on a recurring token, as runNewCharge runs it: a ledger payment of kind "recurring" linked to
 * the first payment (parent_payment_id), sent through v2 JSON (4.11) or the form RECURRING_SALE (4.6).
 * Used by "charge now" and by the billing-plan scheduler.
 */
export function recurringChargeSpec(
  gateway: GatewayClient,
  first: PaymentRow & { recurringToken: string; gatewayId: string },
  o: RecurringChargeOptions,
): NewChargeSpec {
  const amount = money(o.amountMinor, first.currency as CurrencyCode);
  const token = first.recurringToken;
  const firstTransId = first.gatewayId;
  return {
    auditAction: o.auditAction,
    operation: o.interface === "form" ? "recurring_sale" : "recurring_v2",
    idempotencyKey: o.idempotencyKey,
    values: {
      orderId: o.orderId,
      kind: "recurring",
      status: "pending",
      currency: first.currency,
      amountMinor: o.amountMinor,
      description: o.description,
      payerEmail: first.payerEmail,
      payerName: first.payerName,
      cardBin6: first.cardBin6,
      cardLast4: first.cardLast4,
      cardBrand: first.cardBrand,
      cardExpiry: first.cardExpiry,
      branchId: first.branchId,
      recurringToken: token,
      parentPaymentId: first.id,
      gatewayStatus: o.interface === "form" ? "RECURRING_SALE" : "RECURRING_V2",
    },
    sameRequest: (p) =>
      p.kind === "recurring" && p.parentPaymentId === first.id && p.amountMinor === o.amountMinor && p.description === o.description,
    send: () =>
      o.interface === "form"
        ? gateway.recurringSale({
            orderId: o.orderId,
            amount,
            firstTransId,
            firstOrderId: first.orderId,
            recurringToken: token,
            description: o.description,
            // "IP of the payer in the first payment" (4.6, optional): its IPv4 address when the ledger has one.
            payerIp: ipv4Of(first.payerIp) ?? undefined,
            // The family's SALE-style hash (profile, #16) signs with the first payment's payer e-mail and card.
            payerEmail: first.payerEmail ?? undefined,
            card: first.cardBin6 && first.cardLast4 ? { bin6: first.cardBin6, last4: first.cardLast4 } : undefined,
          })
        : gateway.recurringV2({
            transactionId: o.transactionId ?? `rt-${randomUUID()}`,
            recurringToken: token,
            amount,
            orderNumber: o.orderId,
            description: o.description,
          }),
    gatewayIdOf: (d) => {
      const id = d.payment_id ?? d.transaction_id ?? d.trans_id;
      return typeof id === "string" && id ? id : null;
    },
  };
}
