// Recurring charges without a schedule ("charge now"): the recurring tokens the ledger holds (first payments
// made with recurring_init=Y, whose verified notification recorded the token), and a new charge on one of them
// through the JSON v2 call (contract 4.11, default) or the form RECURRING_SALE (4.6, whole units only).
import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { WHOLE_UNITS_MESSAGE, recurringChargeSchema, type RecurringChargeInput } from "@/lib/schemas/recurring";
import { money, toWholeGatewayAmount, type CurrencyCode } from "@/lib/money";
import type { Principal } from "../../auth/principal";
import { payments, type PaymentRow } from "../../db/schema";
import { AppError } from "../../http/errors";
import { findPayment } from "../../ledger/payments";
import type { ServiceDeps } from "../deps";
import { amountInCurrency } from "../payments/amount";
import { requirePermission } from "../require-permission";
import { runNewCharge, type NewChargeResult } from "../saved-cards/new-charge";

export interface RecurringTokenView {
  firstPaymentId: string;
  firstOrderId: string;
  currency: string;
  createdAt: Date;
  cardLast4: string | null;
  cardBrand: string | null;
  lastCharge: { paymentId: string; orderId: string; status: string; amountMinor: number; currency: string; at: Date; reason: string | null } | null;
}

export interface RecurringCustomerView {
  email: string;
  tokens: RecurringTokenView[];
}

/** First payments holding a recurring token, grouped per customer e-mail, each with its latest charge. */
export async function listRecurringTokens(deps: ServiceDeps, principal: Principal, limit = 200): Promise<RecurringCustomerView[]> {
  requirePermission(principal, "RECURRING_CHARGE");
  const firsts = await deps.db
    .select()
    .from(payments)
    .where(and(isNotNull(payments.recurringToken), isNull(payments.parentPaymentId)))
    .orderBy(desc(payments.createdAt))
    .limit(limit);
  const ids = firsts.map((p) => p.id);
  const children = ids.length
    ? await deps.db.select().from(payments).where(and(inArray(payments.parentPaymentId, ids), eq(payments.kind, "recurring"))).orderBy(desc(payments.createdAt))
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
        ? { paymentId: last.id, orderId: last.orderId, status: last.status, amountMinor: last.amountMinor, currency: last.currency, at: last.createdAt, reason: last.declineReason }
        : null,
    });
  }
  return [...groups.entries()].map(([email, tokens]) => ({ email, tokens })).sort((a, b) => a.email.localeCompare(b.email));
}

export async function chargeRecurring(deps: ServiceDeps, principal: Principal, raw: RecurringChargeInput, ip: string | null): Promise<NewChargeResult> {
  requirePermission(principal, "RECURRING_CHARGE");
  const parsed = recurringChargeSchema.safeParse(raw);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const i of parsed.error.issues) (fields[i.path.join(".") || "body"] ??= []).push(i.message);
    throw new AppError("invalid_request", parsed.error.issues[0]?.message ?? "The request is not valid.", fields);
  }
  const input = parsed.data;
  const first = await findPayment(deps.db, input.firstPaymentId);
  if (!first || !first.recurringToken || first.parentPaymentId) throw new AppError("not_found", "No recurring token in the ledger for this payment.");
  if (!first.gatewayId) throw new AppError("conflict", "The first payment has no gateway id; it cannot start recurring charges.");
  const amountMinor = amountInCurrency(input.amount, first.currency);
  const amount = money(amountMinor, first.currency as CurrencyCode);
  if (input.interface === "form" && toWholeGatewayAmount(amount) === null) {
    throw new AppError("invalid_request", WHOLE_UNITS_MESSAGE, { amount: [WHOLE_UNITS_MESSAGE] });
  }
  const token = first.recurringToken;
  const firstTransId = first.gatewayId;
  return runNewCharge(
    deps,
    principal,
    {
      auditAction: "recurring.charge",
      idempotencyKey: input.idempotencyKey,
      values: {
        orderId: input.orderId,
        kind: "recurring",
        status: "pending",
        currency: first.currency,
        amountMinor,
        description: input.description,
        payerEmail: first.payerEmail,
        payerName: first.payerName,
        cardBin6: first.cardBin6,
        cardLast4: first.cardLast4,
        cardBrand: first.cardBrand,
        cardExpiry: first.cardExpiry,
        branchId: first.branchId,
        recurringToken: token,
        parentPaymentId: first.id,
        gatewayStatus: input.interface === "form" ? "RECURRING_SALE" : "RECURRING_V2",
      },
      sameRequest: (p) => p.kind === "recurring" && p.parentPaymentId === first.id && p.amountMinor === amountMinor && p.description === input.description,
      send: () =>
        input.interface === "form"
          ? deps.gateway.recurringSale({ orderId: input.orderId, amount, firstTransId, recurringToken: token, description: input.description })
          : deps.gateway.recurringV2({ transactionId: `rt-${randomUUID()}`, recurringToken: token, amount, orderNumber: input.orderId, description: input.description }),
      gatewayIdOf: (d) => {
        const id = d.payment_id ?? d.transaction_id ?? d.trans_id;
        return typeof id === "string" && id ? id : null;
      },
    },
    ip,
  );
}
