// The gateway's words (PRE_AUTHORIZATION, NOT_SETTLED, pending, SETTLED, DECLINED …) in the dashboard's
// language, for the payment page's "At the gateway" panel; the raw value stays available beside each label. And
// whether the gateway and the ledger agree on the payment's state, said in one sentence when they do not.
import { statusLabel } from "@/lib/transactions/labels";
import { statusFromGateway } from "../../ledger/states";
import type { GatewaySnapshot } from "./gateway-snapshot";

export type GatewayField = "status" | "paymentStatus" | "transactionStatus" | "transactionType" | "refundStatus" | "settlementStatus";

/** The English words (the catalog's payment.gateway.words holds them in every language; a test keeps them equal). */
export const WORDS: Record<GatewayField, Record<string, string>> = {
  status: {
    PREPARE: "Being prepared",
    REDIRECT: "Waiting for 3-D Secure",
    "3DS": "Waiting for 3-D Secure",
    PENDING: "Authorized, not captured",
    SETTLED: "Captured",
    SUCCESS: "Captured",
    REFUND: "Refunded",
    REFUNDED: "Refunded",
    REVERSAL: "Reversed",
    VOID: "Voided",
    VOIDED: "Voided",
    CHARGEBACK: "Charged back",
    DECLINED: "Declined",
    DECLINE: "Declined",
    TXN_FAILURE: "Failed",
  },
  paymentStatus: {
    INITIATED: "Started",
    AUTHORIZED: "Authorized",
    APPROVED: "Approved",
    PAID: "Paid",
    REFUNDED: "Refunded",
    VOIDED: "Voided",
    DECLINED: "Declined",
  },
  transactionStatus: { SUCCESS: "Succeeded", PENDING: "In progress", FAILED: "Failed", DECLINED: "Declined" },
  transactionType: {
    PURCHASE: "Sale (charged at once)",
    PRE_AUTHORIZATION: "Authorization (captured later)",
    RECURRING: "Recurring charge",
    REFUND: "Refund",
  },
  refundStatus: { NONE: "Not refunded", PARTIAL: "Partly refunded", FULL: "Fully refunded" },
  settlementStatus: { NOT_SETTLED: "Not yet paid out", UNSETTLED: "Not yet paid out", SETTLED: "Paid out to the merchant" },
};

export interface GatewayLabel {
  label: string;
  raw: string;
}

/** A gateway value's words in the reader's language, or null when the catalog has none for it. */
export type WordOf = (field: GatewayField, value: string) => string | null;

const englishWord: WordOf = (field, value) => WORDS[field][value] ?? null;

/** The label of a gateway value (case-insensitive), or the value itself in sentence case when unknown. */
export function gatewayLabel(field: GatewayField, raw: string | null | undefined, wordOf: WordOf = englishWord): GatewayLabel | null {
  const value = raw?.trim();
  if (!value) return null;
  const known = wordOf(field, value.toUpperCase());
  if (known) return { label: known, raw: value };
  const words = value.toLowerCase().replace(/_/g, " ");
  return { label: words[0]!.toUpperCase() + words.slice(1), raw: value };
}

/** The ledger state the gateway's answer implies, or null when it names none the ledger acts on. */
export function gatewayLedgerStatus(snapshot: GatewaySnapshot): string | null {
  if (!snapshot.status.ok) return null;
  const refund = snapshot.details.ok ? (snapshot.details.view.refundStatus ?? "").toUpperCase() : "";
  return statusFromGateway(
    { status: snapshot.status.view.status },
    { any: refund === "PARTIAL" || refund === "FULL", full: refund === "FULL" },
  );
}

/**
 * "The gateway reports Refunded; the ledger says Captured — sync to update." when they differ, else null. An
 * authorization the gateway already counts as refunded or voided, etc.: the ledger moves only when synced.
 */
export function disagreement(
  snapshot: GatewaySnapshot,
  ledgerStatus: string,
  say: (theirs: string, ours: string) => string = (theirs, ours) =>
    `The gateway reports ${statusLabel(theirs)}; the ledger says ${statusLabel(ours)} — sync to update.`,
): string | null {
  const theirs = gatewayLedgerStatus(snapshot);
  if (!theirs || theirs === ledgerStatus) return null;
  return say(theirs, ledgerStatus);
}
