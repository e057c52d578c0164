// After the customer's 3-D Secure step: ask the gateway for the payment's real outcome (status query) and answer
// with the ledger's state. The frame's "payment-return" message only says "the customer is back"; it is never
// trusted for the result. Only the user who started the payment confirms it (others get "not found").
import "server-only";
import { AppError } from "../../../errors";
import { findPayment } from "../../../ledger/payments";
import type { ConfirmedPayment } from "@/lib/schemas/new-payment";
import { requirePermission } from "../../require-permission";
import type { ServiceContext } from "../../deps";
import { syncPayment } from "../../sync/sync-payment";
import { dropThreeDsViews } from "./three-ds-views";

/** Payments a staff member takes with the customer on the line: a new card sale, or a charge on a saved card. */
const CONFIRMABLE_KINDS = new Set(["s2s_sale", "sale", "token_sale"]);

const FINAL_MESSAGE: Record<string, string> = {
  captured: "Paid: the money was taken.",
  authorized: "Authorized: capture it from the payment's page.",
  declined: "Declined by the customer's bank.",
  failed: "The payment failed; nothing was charged.",
  awaiting_3ds: "The customer has not finished the 3-D Secure step yet.",
  unknown: "The outcome is not known yet; it will be confirmed with the gateway.",
  pending: "The outcome is not known yet; it will be confirmed with the gateway.",
};

export async function confirmCardPayment(ctx: ServiceContext, input: { paymentId: string }): Promise<ConfirmedPayment> {
  const { deps, principal, ip } = ctx;
  const { paymentId } = input;
  requirePermission(principal, "PAYMENTS_CREATE");
  const found = await findPayment(deps.db, paymentId);
  if (!found || found.createdBy !== principal.userId || !CONFIRMABLE_KINDS.has(found.kind)) {
    throw new AppError("not_found", "payments.notInLedger");
  }
  const r = await syncPayment(deps, paymentId, { source: "user", actor: { userId: principal.userId, email: principal.email }, ip });
  const p = r.payment ?? found;
  const settled = p.status !== "awaiting_3ds" && p.status !== "pending" && p.status !== "unknown";
  if (settled) await dropThreeDsViews(deps.db, p.id);
  const unavailable = r.outcome === "unavailable" ? " The gateway did not answer; try again in a moment." : "";
  return {
    paymentId: p.id,
    status: p.status,
    currency: p.currency,
    amountMinor: p.amountMinor,
    authorizedMinor: p.authorizedMinor,
    capturedMinor: p.capturedMinor,
    declineReason: p.declineReason,
    message: (FINAL_MESSAGE[p.status] ?? p.status) + unavailable,
  };
}
