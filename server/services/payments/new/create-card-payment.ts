// A new card payment taken by staff: server-to-server sale (S2S) or the form interface (SALE, then the collector).
//  1. One transaction: the ledger payment (pending; payer fields; card BIN6, last 4, brand, expiry ONLY) and its
//     audit row. The card number and CVV are never stored, logged, audited or put in an error message.
//  2. The gateway call, outside any transaction.
//  3. One transaction: the outcome. Frictionless → authorized/captured/declined; a 3-D Secure page → awaiting_3ds
//     and the page kept for the frame (three-ds-views.ts); no answer → unknown (the reconciler settles it).
import "server-only";
import { z } from "zod";
import { appendAudit } from "../../../audit/audit-log";
import type { PaymentRow } from "../../../db/schema";
import type { GatewayResult, S2sSaleResponse } from "../../../gateway/client";
import { AppError } from "../../../errors";
import { advancePayment, insertPayment, lockPayment, type PaymentPatch } from "../../../ledger/payments";
import { requirePermission } from "../../require-permission";
import type { ServiceContext, ServiceDeps } from "../../deps";
import { decimalToMinor, type CurrencyCode } from "@/lib/money";
import { cardBrandOf, cardDigits, type NewPaymentInput, type NewPaymentResult } from "@/lib/schemas/new-payment";
import { storeThreeDsView } from "./three-ds-views";
import { isUniqueViolation } from "../../../db/errors";

/** What the gateway's answer means for the ledger. */
interface Outcome {
  patch: PaymentPatch;
  html: string | null;
  /** A short, card-free word for the audit row. */
  result: string;
  message: string;
}

export function returnUrl(appUrl: string, flow: "s2s" | "form" | "token", paymentId: string): string {
  return `${appUrl}/payments/return?flow=${flow}&payment=${encodeURIComponent(paymentId)}`;
}

function transportOutcome(r: Extract<GatewayResult<unknown>, { kind: "transport" | "gateway_error" }>): Outcome {
  if (r.kind === "transport" && r.outcomeUnknown) {
    return {
      patch: { status: "unknown" },
      html: null,
      result: "unknown",
      message: "The gateway did not answer in time. The outcome will be confirmed with the gateway; do not take the payment again.",
    };
  }
  if (r.kind === "transport")
    return {
      patch: { status: "failed" },
      html: null,
      result: "not_sent",
      message: "The gateway could not be reached; nothing was charged. Try again.",
    };
  return {
    patch: { status: "failed", declineReason: r.message.slice(0, 200) },
    html: null,
    result: "gateway_error",
    message: "The gateway refused the payment request; nothing was charged.",
  };
}

function s2sOutcome(r: GatewayResult<S2sSaleResponse>, minor: number, auth: boolean): Outcome {
  if (r.kind === "declined") {
    const gatewayId = typeof r.data.paymentId === "string" ? r.data.paymentId : undefined;
    return {
      patch: { status: "declined", declineReason: r.declineReason.slice(0, 200), ...(gatewayId ? { gatewayId } : {}) },
      html: null,
      result: "declined",
      message: `Declined: ${r.declineReason}`,
    };
  }
  if (r.kind !== "success") return transportOutcome(r);
  const d = r.data;
  const gatewayId = d.paymentId ? { gatewayId: d.paymentId } : {};
  const word = d.result.toLowerCase();
  if (word === "pending" && d.html) {
    return {
      patch: { status: "awaiting_3ds", gatewayStatus: "3DS", ...gatewayId },
      html: d.html,
      result: "challenge",
      message: "The customer's bank asks for 3-D Secure verification.",
    };
  }
  if (word === "success") {
    const authorized = auth || (d.status ?? "").toUpperCase() === "PENDING";
    return authorized
      ? {
          patch: { status: "authorized", authorizedMinor: minor, gatewayStatus: d.status ?? null, ...gatewayId },
          html: null,
          result: "authorized",
          message: "Authorized. Capture it from the payment's page.",
        }
      : {
          patch: { status: "captured", authorizedMinor: minor, capturedMinor: minor, gatewayStatus: d.status ?? null, ...gatewayId },
          html: null,
          result: "captured",
          message: "Paid.",
        };
  }
  if (word === "declined") return { patch: { status: "declined", ...gatewayId }, html: null, result: "declined", message: "Declined." };
  // An answer we cannot read as an outcome: the status query decides.
  return {
    patch: { status: "unknown", ...gatewayId },
    html: null,
    result: "unrecognised",
    message: "The gateway's answer was not clear; the outcome will be confirmed with the gateway.",
  };
}

async function formSale(
  deps: ServiceDeps,
  input: Extract<NewPaymentInput, { mode: "form" }>,
  minor: number,
  paymentId: string,
  ip: string,
): Promise<Outcome> {
  const sale = await deps.gateway.sale({
    orderId: input.orderId,
    amount: { minor, currency: input.currency },
    description: input.description,
    payer: {
      firstName: input.firstName,
      lastName: input.lastName,
      address: input.address,
      country: input.country,
      city: input.city,
      zip: input.zip,
      email: input.email,
      phone: input.phone,
      ip,
    },
    card: { number: cardDigits(input.cardNumber), expMonth: input.expMonth, expYear: input.expYear, cvv: input.cvv },
    termUrl: returnUrl(deps.config.appUrl, "form", paymentId),
    auth: input.auth === "authorize",
    saveToken: input.saveCard,
    recurringInit: input.recurringInit,
  });
  if (sale.kind === "declined")
    return {
      patch: { status: "declined", declineReason: sale.declineReason.slice(0, 200) },
      html: null,
      result: "declined",
      message: `Declined: ${sale.declineReason}`,
    };
  if (sale.kind !== "success") return transportOutcome(sale);
  const gatewayId = sale.data.trans_id;
  const body = Array.isArray(sale.data.redirect_params) ? undefined : sale.data.redirect_params?.body;
  if (!body)
    return {
      patch: { status: "unknown", gatewayId },
      html: null,
      result: "no_redirect",
      message: "The gateway's answer was not clear; the outcome will be confirmed with the gateway.",
    };
  const col = await deps.gateway.collector({ body, redirectUrl: sale.data.redirect_url });
  if (col.kind !== "success")
    return {
      patch: { status: "unknown", gatewayId },
      html: null,
      result: "collector_failed",
      message: "The card page could not be loaded; the outcome will be confirmed with the gateway.",
    };
  // The collector's page (a challenge, or "sending you on") runs in the frame; the status query decides after it.
  return {
    patch: { status: "awaiting_3ds", gatewayId, gatewayStatus: "REDIRECT" },
    html: col.data.html,
    result: "customer_step",
    message: "The customer's card page is shown below.",
  };
}

/** A usable payer IP for the form interface: the staff member's request address (phone orders have no other). */
function payerIp(ip: string): string {
  return z.union([z.ipv4(), z.ipv6()]).safeParse(ip).success ? ip : "127.0.0.1";
}

export async function createCardPayment(ctx: ServiceContext, input: NewPaymentInput): Promise<NewPaymentResult> {
  const { deps, principal, ip } = ctx;
  requirePermission(principal, "PAYMENTS_CREATE");
  const minor = decimalToMinor(input.amount, input.currency as CurrencyCode);
  if (!minor || minor <= 0)
    throw new AppError("invalid_request", "The amount is not valid.", { amount: ["The amount must be more than zero."] });
  const digits = cardDigits(input.cardNumber);
  const card = {
    cardBin6: digits.slice(0, 6),
    cardLast4: digits.slice(-4),
    cardBrand: cardBrandOf(digits),
    cardExpiry: `${input.expMonth}/${input.expYear}`,
  };
  const kind = input.mode === "s2s" ? "s2s_sale" : "sale";

  let payment: PaymentRow;
  try {
    payment = await deps.db.transaction(async (tx) => {
      const now = deps.now();
      const row = await insertPayment(tx, {
        orderId: input.orderId,
        kind,
        status: "pending",
        currency: input.currency,
        amountMinor: minor,
        description: input.description,
        payerName: `${input.firstName} ${input.lastName}`,
        payerEmail: input.email,
        payerPhone: input.phone,
        payerIp: input.mode === "form" ? payerIp(ip ?? "") : null,
        ...(input.mode === "form"
          ? { payerAddress: input.address, payerCity: input.city, payerZip: input.zip, payerCountry: input.country }
          : {}),
        ...card,
        createdBy: principal.userId,
        createdAt: now,
        updatedAt: now,
      });
      await appendAudit(tx, {
        actorId: principal.userId,
        actorEmail: principal.email,
        ip,
        action: "payment.create",
        targetType: "payment",
        targetId: row.id,
        at: now,
        summary: {
          kind,
          orderId: input.orderId,
          amountMinor: minor,
          currency: input.currency,
          auth: input.auth,
          cardBrand: card.cardBrand,
          cardLast4: card.cardLast4,
          ...(input.mode === "form" ? { saveCard: input.saveCard, recurringInit: input.recurringInit } : {}),
        },
      });
      return row;
    });
  } catch (e) {
    if (isUniqueViolation(e)) {
      throw new AppError("conflict", "This order id is already used. Choose another one.", { orderId: ["This order id is already used."] });
    }
    throw e;
  }

  let outcome: Outcome;
  try {
    if (input.mode === "s2s") {
      const back = returnUrl(deps.config.appUrl, "s2s", payment.id);
      const r = await deps.gateway.s2sSale({
        orderId: input.orderId,
        amount: { minor, currency: input.currency },
        auth: input.auth === "authorize",
        card: { number: digits, expMonth: input.expMonth, expYear: input.expYear, cvv: input.cvv },
        customer: { name: `${input.firstName} ${input.lastName}`, email: input.email, phone: input.phone },
        successUrl: back,
        failureUrl: back,
      });
      outcome = s2sOutcome(r, minor, input.auth === "authorize");
    } else {
      outcome = await formSale(deps, input, minor, payment.id, payerIp(ip ?? ""));
    }
  } catch {
    // The client refused its input before sending (a programming error): nothing was sent. No details: they
    // could name card fields.
    outcome = {
      patch: { status: "failed" },
      html: null,
      result: "not_sent",
      message: "The payment could not be sent to the gateway; nothing was charged.",
    };
  }

  const recorded = await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const locked = (await lockPayment(tx, payment.id))!;
    const next = await advancePayment(tx, locked, outcome.patch, now);
    await appendAudit(tx, {
      actorId: principal.userId,
      actorEmail: principal.email,
      ip,
      action: "payment.gateway_result",
      targetType: "payment",
      targetId: payment.id,
      at: now,
      summary: { kind, orderId: input.orderId, result: outcome.result, status: next.status },
    });
    return next;
  });

  const threeDsViewId = outcome.html
    ? await storeThreeDsView(deps.db, { html: outcome.html, userId: principal.userId, paymentId: payment.id })
    : null;
  return { paymentId: recorded.id, status: recorded.status, message: outcome.message, threeDsViewId };
}
