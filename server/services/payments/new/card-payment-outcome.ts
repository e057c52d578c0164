// What the gateway's answer to a new card payment means for the ledger (status, the 3-D Secure page to show, the
// card-free word for the audit row and the message for staff), apart from the service that sends it.
import "server-only";
import type { Messages } from "@/messages";
import type { PaymentPatch } from "../../../ledger/payments";
import type { GatewayResult, S2sSaleResponse } from "../../../gateway/client";
import { confirmationOf } from "../../../gateway/confirmations";

/** What the gateway's answer means for the ledger. */
export interface Outcome {
  patch: PaymentPatch;
  html: string | null;
  /** Where `html` came from, when not the JSON interface (the collector's origin): its relative URLs resolve there. */
  origin?: string;
  /** A short, card-free word for the audit row. */
  result: string;
  /** The sentence for staff: a key of newPayment.started (the gateway's decline reason for "declinedReason"). */
  message: OutcomeMessage;
}

export type OutcomeMessage = { key: keyof Messages["newPayment"]["started"]; reason?: string };

export function returnUrl(appUrl: string, flow: "s2s" | "form" | "token", paymentId: string): string {
  return `${appUrl}/payments/return?flow=${flow}&payment=${encodeURIComponent(paymentId)}`;
}

export function transportOutcome(r: Extract<GatewayResult<unknown>, { kind: "transport" | "gateway_error" }>): Outcome {
  if (r.kind === "transport" && r.outcomeUnknown) {
    // An answer that confirmed nothing may still name the payment: kept, so that the status query can settle it.
    const id = r.answer?.paymentId ?? r.answer?.trans_id;
    return {
      patch: typeof id === "string" && id ? { status: "unknown", gatewayId: id } : { status: "unknown" },
      html: null,
      result: r.reason === "unconfirmed" ? "unconfirmed" : "unknown",
      message: { key: r.reason === "unconfirmed" ? "unconfirmed" : "notAnswered" },
    };
  }
  if (r.kind === "transport")
    return {
      patch: { status: "failed" },
      html: null,
      result: "not_sent",
      message: { key: "unreachable" },
    };
  return {
    patch: { status: "failed", declineReason: r.message.slice(0, 200) },
    html: null,
    result: "gateway_error",
    message: { key: "refused" },
  };
}

export function s2sOutcome(r: GatewayResult<S2sSaleResponse>, minor: number, auth: boolean): Outcome {
  if (r.kind === "declined") {
    const gatewayId = typeof r.data.paymentId === "string" ? r.data.paymentId : undefined;
    return {
      patch: { status: "declined", declineReason: r.declineReason.slice(0, 200), ...(gatewayId ? { gatewayId } : {}) },
      html: null,
      result: "declined",
      message: { key: "declinedReason", reason: r.declineReason },
    };
  }
  if (r.kind !== "success") return transportOutcome(r);
  const d = r.data;
  const gatewayId = d.paymentId ? { gatewayId: d.paymentId } : {};
  // The client passes only the documented words as a success (gateway/confirmations.ts); checked again here.
  const confirmed = confirmationOf("s2s_sale", d);
  if (confirmed === "awaiting_3ds" && d.html) {
    return {
      patch: { status: "awaiting_3ds", gatewayStatus: "3DS", ...gatewayId },
      html: d.html,
      result: "challenge",
      message: { key: "challenge" },
    };
  }
  if (confirmed === "captured" || confirmed === "authorized") {
    const authorized = auth || confirmed === "authorized";
    return authorized
      ? {
          patch: { status: "authorized", authorizedMinor: minor, gatewayStatus: d.status ?? null, ...gatewayId },
          html: null,
          result: "authorized",
          message: { key: "authorized" },
        }
      : {
          patch: { status: "captured", authorizedMinor: minor, capturedMinor: minor, gatewayStatus: d.status ?? null, ...gatewayId },
          html: null,
          result: "captured",
          message: { key: "paid" },
        };
  }
  // An answer we cannot read as an outcome: the status query decides.
  return {
    patch: { status: "unknown", ...gatewayId },
    html: null,
    result: "unrecognised",
    message: { key: "unclear" },
  };
}
