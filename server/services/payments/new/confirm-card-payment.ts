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
import type { UiPrefs } from "@/lib/i18n/languages";
import { translatorFor } from "../../../i18n/translator";

/** Payments a staff member takes with the customer on the line: a new card sale, or a charge on a saved card. */
const CONFIRMABLE_KINDS = new Set(["s2s_sale", "sale", "token_sale"]);

/** The statuses with a sentence of their own (newPayment.message.*); pending reads as unknown. */
const FINAL_MESSAGE = {
  captured: "captured",
  authorized: "authorized",
  declined: "declined",
  failed: "failed",
  awaiting_3ds: "awaiting_3ds",
  unknown: "unknown",
  pending: "unknown",
} as const;
const ENGLISH = { language: "en", digits: "latn" } as const;

/** `prefs`: the reader's language for the sentence shown to staff (the route passes the request's). */
export async function confirmCardPayment(
  ctx: ServiceContext,
  input: { paymentId: string },
  prefs: Pick<UiPrefs, "language" | "digits"> = ENGLISH,
): Promise<ConfirmedPayment> {
  const { deps, principal, ip } = ctx;
  const { paymentId } = input;
  requirePermission(principal, "PAYMENTS_CREATE");
  const found = await findPayment(deps.db, paymentId);
  if (!found || found.createdBy !== principal.userId || !CONFIRMABLE_KINDS.has(found.kind)) {
    throw new AppError("not_found", "This payment is not in the ledger.");
  }
  const r = await syncPayment(deps, paymentId, { source: "user", actor: { userId: principal.userId, email: principal.email }, ip });
  const p = r.payment ?? found;
  const settled = p.status !== "awaiting_3ds" && p.status !== "pending" && p.status !== "unknown";
  if (settled) await dropThreeDsViews(deps.db, p.id);
  const t = translatorFor(prefs, "newPayment");
  const key = FINAL_MESSAGE[p.status as keyof typeof FINAL_MESSAGE];
  const unavailable = r.outcome === "unavailable" ? ` ${t("message.unavailable")}` : "";
  return {
    paymentId: p.id,
    status: p.status,
    currency: p.currency,
    amountMinor: p.amountMinor,
    authorizedMinor: p.authorizedMinor,
    capturedMinor: p.capturedMinor,
    declineReason: p.declineReason,
    message: (key ? t(`message.${key}`) : p.status) + unavailable,
  };
}
