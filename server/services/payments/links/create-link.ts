// Create a payment link: a ledger payment (kind payment_link, pending) written with its audit row BEFORE the
// gateway is asked for a hosted checkout session (contract 4.9), so that the return addresses can name it; then
// the link is stored, or the payment is marked failed with the reason. The customer pays on the gateway's page;
// the notification and the status query move the payment on (sync-payment.ts), never this service.
import "server-only";
import { decimalToMinor, formatMoney, money } from "@/lib/money";
import { linkDates, type CreateLinkInput, type CreatedLinkView } from "@/lib/schemas/payment-links";
import { todayInZone } from "@/lib/transactions/zoned-time";
import { appendAudit } from "../../../audit/audit-log";
import { describeResult } from "../../../gateway/result";
import { AppError } from "../../../errors";
import { advancePayment, insertPayment, lockPayment } from "../../../ledger/payments";
import { logger } from "../../../log/logger";
import type { ServiceContext } from "../../deps";
import { requirePermission } from "../../require-permission";
import { dbLinkStore, type LinkStore } from "./link-store";
import { isUniqueViolation } from "../../../db/errors";
import { vmsg } from "@/lib/schemas/messages";
import { requireGatewayAmount } from "../amount";
import { guardCharge } from "../charge-guard";

/** Where the customer's browser comes back to (a public page; it carries no result the dashboard trusts). */
export function linkReturnUrl(appUrl: string, paymentId: string): string {
  return `${appUrl}/payments/return?flow=link&payment=${encodeURIComponent(paymentId)}`;
}

/** The ledger description of a link given none (the transactions list shows a description for every payment). */
export function defaultLinkDescription(orderId: string): string {
  return `Payment link ${orderId}`;
}

export async function createPaymentLink(
  ctx: ServiceContext,
  input: CreateLinkInput,
  store: LinkStore = dbLinkStore,
): Promise<CreatedLinkView> {
  const { deps, principal, ip } = ctx;
  requirePermission(principal, "PAYMENTS_CREATE");
  const amountMinor = decimalToMinor(input.amount, input.currency);
  if (!amountMinor) throw new AppError("invalid_request", "payments.amountInvalid", { amount: [vmsg("amount.enterMoreThanZero")] });
  requireGatewayAmount(deps, amountMinor, input.currency);
  // The customer sees the amount on the hosted checkout and pays it themself: only the maximum applies.
  await guardCharge(ctx, { minor: amountMinor, currency: input.currency, card: null, customerPresent: true });
  const now = deps.now();
  const zone = deps.config.reportTimeZone;
  const { issueDate, expireDate } = linkDates(input, now, zone);
  // The schema allowed any day that is still today somewhere; the business's own day decides.
  if (expireDate < issueDate) {
    throw new AppError(
      "invalid_request",
      { validation: vmsg("links.expiryBeforeIssue") },
      { expireDate: [vmsg("links.expiryBeforeIssue")] },
    );
  }
  if (expireDate < todayInZone(zone, now)) {
    throw new AppError("invalid_request", { validation: vmsg("links.expiryInPast") }, { expireDate: [vmsg("links.expiryInPast")] });
  }
  const amount = money(amountMinor, input.currency);

  let paymentId: string;
  try {
    paymentId = await deps.db.transaction(async (tx) => {
      const p = await insertPayment(tx, {
        orderId: input.orderId,
        kind: "payment_link",
        intent: input.auth === "authorize" ? "authorize" : "sale",
        status: "pending",
        currency: input.currency,
        amountMinor,
        description: input.description ?? defaultLinkDescription(input.orderId),
        payerName: input.customerName,
        payerEmail: input.email,
        payerPhone: input.phone,
        // Kept only when whole: a later saved-card sale for this customer needs all four.
        ...(input.address && input.city && input.zip && input.country
          ? { payerAddress: input.address, payerCity: input.city, payerZip: input.zip, payerCountry: input.country }
          : {}),
        createdBy: principal.userId,
        createdAt: now,
        updatedAt: now,
      });
      await appendAudit(tx, {
        actorId: principal.userId,
        actorEmail: principal.email,
        ip,
        action: "payment_link.create",
        targetType: "payment",
        targetId: p.id,
        at: now,
        summary: {
          orderId: input.orderId,
          amount: formatMoney(amount),
          ...(input.description ? { description: input.description } : {}),
          auth: input.auth,
          recurringInit: input.recurringInit,
          issueDate,
          expireDate,
        },
      });
      return p.id;
    });
  } catch (e) {
    if (isUniqueViolation(e)) {
      throw new AppError("conflict", "payments.orderIdTakenGenerate", {
        orderId: [vmsg("orderId.unique")],
      });
    }
    throw e;
  }

  const returnUrl = linkReturnUrl(deps.config.appUrl, paymentId);
  const address =
    input.country || input.state || input.city || input.address || input.zip
      ? { country: input.country, state: input.state, city: input.city, address: input.address, zip: input.zip }
      : undefined;
  const result = await deps.gateway.initiateCheckout({
    orderId: input.orderId,
    amount,
    customer: {
      name: input.customerName,
      email: input.email,
      phone: input.phone,
      idNumber: input.idNumber,
      idType: input.idType,
      taxNumber: input.taxNumber,
    },
    address,
    recurringInit: input.recurringInit || undefined,
    auth: input.auth === "authorize",
    successUrl: returnUrl,
    failureUrl: `${returnUrl}&result=failure`,
    issueDate,
    expireDate,
  });

  const url = result.kind === "success" ? safeLinkUrl(result.data.redirectUrl) : null;
  if (result.kind !== "success" || !url) {
    const reason =
      result.kind === "transport"
        ? "The gateway did not answer, so no payment link was created."
        : result.kind === "success"
          ? "The gateway answered without a usable link."
          : `The gateway refused to create the link: ${result.kind === "gateway_error" ? result.message || "no reason given" : result.declineReason}.`;
    logger.warn("payment_link.create_failed", { paymentId, orderId: input.orderId, result: describeResult(result) });
    await deps.db.transaction(async (tx) => {
      const p = (await lockPayment(tx, paymentId))!;
      await advancePayment(tx, p, { status: "failed", declineReason: reason }, deps.now());
      await appendAudit(tx, {
        actorId: principal.userId,
        actorEmail: principal.email,
        ip,
        action: "payment_link.failed",
        targetType: "payment",
        targetId: paymentId,
        summary: { orderId: input.orderId, reason },
      });
    });
    throw new AppError(
      result.kind === "transport" ? "gateway_unavailable" : "gateway_error",
      result.kind === "transport"
        ? ["links.gatewayNoAnswer", { orderId: input.orderId }]
        : result.kind === "success"
          ? ["links.noUsableLink", { orderId: input.orderId }]
          : [
              "links.gatewayRefused",
              {
                orderId: input.orderId,
                reason: result.kind === "gateway_error" ? result.message || "no reason given" : result.declineReason,
              },
            ],
    );
  }

  const sessionId = url.searchParams.get("sessionId");
  await store.save(deps.db, { paymentId, url: url.toString(), sessionId, issueDate, expireDate });
  return { paymentId, orderId: input.orderId, url: url.toString(), issueDate, expireDate };
}

/** Only an http(s) URL is ever shown to staff as a link to send. */
function safeLinkUrl(raw: string): URL | null {
  try {
    const u = new URL(raw);
    return u.protocol === "https:" || u.protocol === "http:" ? u : null;
  } catch {
    return null;
  }
}
