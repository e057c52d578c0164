// What the gateway says about one payment: the status query (contract 4.7, the authority on the state) and the
// transaction details (4.12: refunded total, recurring token, card), fetched together and normalised for the
// ledger. Amounts are the gateway's decimal strings, parsed exactly (decimalToMinor), never through a float.
import { problemText, type SyncProblem } from "./sync-notes";
import "server-only";
import { currencyOfNumeric, decimalToMinor, isCurrencyCode, type CurrencyCode } from "@/lib/money";
import { currentCallPurpose, withCallPurpose } from "../../db/gateway-call-purpose";
import type { PaymentStatusResponse, TransactionDetails } from "../../gateway/client";
import { cardPartsOfMasked, type CardParts } from "../../gateway/signing";
import type { ServiceDeps } from "../deps";

export interface GatewayState {
  status: PaymentStatusResponse;
  /** Null when the details call failed: refund totals and tokens are then not known this time. */
  details: TransactionDetails | null;
  /** When the queries were sent: ledger changes after this moment may not be reflected in the answers. */
  askedAt: Date;
}

export type GatewayFetch =
  { ok: true; state: GatewayState } | { ok: false; reason: "unavailable" | "not_found" | "refused"; problem: SyncProblem; message: string };

export const GATEWAY_UNAVAILABLE_MESSAGE = problemText({ key: "sync.gatewayUnavailable" });

/** A failed fetch: the problem for people (in their language) and its English text. */
function failed(reason: "unavailable" | "not_found" | "refused", problem: SyncProblem): GatewayFetch {
  return { ok: false, reason, problem, message: problemText(problem) };
}

const ID = /^[^\s]{1,255}$/;

/** Query status and details of one payment. Never throws for gateway or network failures. */
export async function fetchGatewayState(deps: ServiceDeps, ids: { orderId: string; gatewayId: string }): Promise<GatewayFetch> {
  if (!ID.test(ids.orderId) || !ID.test(ids.gatewayId)) {
    return failed("not_found", { key: "sync.idsNotGateways" });
  }
  const askedAt = deps.now();
  // A sync's reads, tagged so that the timeline folds them into one "Checked with the gateway" line (a person's
  // sync says so by running inside withCallPurpose("user_sync")).
  const [status, details] = await withCallPurpose(currentCallPurpose() ?? "sync", () =>
    Promise.all([
      deps.gateway.paymentStatus({ orderId: ids.orderId, gwayPaymentId: ids.gatewayId }),
      deps.gateway.transactionDetails({ transactionId: ids.gatewayId }),
    ]),
  );
  if (status.kind === "transport") return failed("unavailable", { key: "sync.gatewayUnavailable" });
  if (status.kind === "gateway_error") {
    const notFound = status.code === "404" || status.errorCode === "404" || status.httpStatus === 404;
    // The gateway's own words stay as they came (the reason has no translation).
    return notFound
      ? failed("not_found", { key: "sync.unknownToGateway" })
      : failed("refused", { key: "sync.statusRefused", reason: status.message || status.code || "—" });
  }
  if (status.kind === "declined") return failed("refused", { key: "sync.statusRefused", reason: status.declineReason });
  const s = status.data;
  // The answer must be about the payment we asked for (ids echoed back, when the gateway echoes them).
  if ((s.payment_id && s.payment_id !== ids.gatewayId) || (s.order?.number && s.order.number !== ids.orderId)) {
    return failed("refused", { key: "sync.otherPayment" });
  }
  const d =
    details.kind === "success" && details.data.transactionDetails.transactionId === ids.gatewayId ? details.data.transactionDetails : null;
  return { ok: true, state: { status: s, details: d, askedAt } };
}

/** The gateway's answer in ledger terms, for a payment kept in `currency`. */
export interface GatewayView {
  /** The status word as answered (kept raw in payments.gatewayStatus). */
  status: string;
  /** The order amount in minor units; null when absent, unparseable or in another currency. */
  orderAmountMinor: number | null;
  /** Total refunded according to the details; null when not known this time. */
  refundedMinor: number | null;
  recurringToken: string | null;
  declineReason: string | null;
  card: CardParts | null;
  cardBrand: string | null;
  /** The acquirer's retrieval reference number (status answer, else the details record). */
  rrn: string | null;
  /** MM/YYYY. */
  cardExpiry: string | null;
  customer: { name: string | null; email: string | null };
  description: string | null;
  /** Differences worth a log line (currency mismatch, unparseable amounts). */
  notes: string[];
}

/** The currency the gateway names for the payment (status answer first, then the details' numeric code). */
export function gatewayCurrency(state: GatewayState): CurrencyCode | null {
  const alpha = state.status.order?.currency?.trim().toUpperCase();
  if (alpha && isCurrencyCode(alpha)) return alpha;
  const numeric = state.details?.currencyCode?.trim();
  return numeric ? currencyOfNumeric(numeric) : null;
}

const text = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);

export function viewOf(state: GatewayState, currency: CurrencyCode): GatewayView {
  const notes: string[] = [];
  const named = gatewayCurrency(state);
  const sameCurrency = named === null || named === currency;
  if (!sameCurrency) notes.push(`gateway currency ${named} differs from the ledger's ${currency}: amounts ignored`);
  const parse = (label: string, raw: string | null | undefined): number | null => {
    if (!sameCurrency || !raw) return null;
    const minor = decimalToMinor(raw, currency);
    if (minor === null) notes.push(`${label} "${raw}" is not an amount in ${currency}: ignored`);
    return minor;
  };
  const d = state.details;
  const expiry = /^(\d{4})\/(\d{2})$/.exec(d?.cardExpiration ?? "");
  return {
    status: state.status.status.trim(),
    orderAmountMinor: parse("order amount", state.status.order?.amount ?? d?.amount),
    refundedMinor: d ? parse("total refund amount", d.totalRefundAmount ?? "0") : null,
    recurringToken: text(d?.recurringToken),
    declineReason: text((state.status as Record<string, unknown>).decline_reason) ?? text(d?.declineReason),
    card: d?.pan ? cardPartsOfMasked(d.pan) : null,
    cardBrand: text(state.status.brand),
    rrn: text(state.status.rrn) ?? text(d?.rrn),
    cardExpiry: expiry ? `${expiry[2]}/${expiry[1]}` : null,
    customer: { name: text(state.status.customer?.name), email: text(state.status.customer?.email) },
    description: text(state.status.order?.description),
    notes,
  };
}
