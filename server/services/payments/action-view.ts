// What the browser receives about a money action and its payment: no internal ids beyond what the page needs,
// amounts as minor units with their currency, and the message to show.
import type { PaymentActionRow, PaymentRow } from "../../db/schema";
import type { MoneyActionResult } from "./money-action";

export interface ActionView {
  id: string;
  type: string;
  state: string;
  method: string | null;
  amount: { minor: number; currency: string };
  message: string;
  replayed: boolean;
  payment: { id: string; status: string; capturedMinor: number; refundedMinor: number; authorizedMinor: number; currency: string };
}

const MESSAGES: Record<string, (a: PaymentActionRow) => string> = {
  succeeded: (a) =>
    ({ capture: "The payment was captured.", void: "The authorization was voided.", refund: "The refund was accepted by the gateway." })[
      a.type
    ] ?? "Done.",
  pending_approval: () => "The refund is above the approval limit and now waits for a second person to approve it.",
  rejected: (a) => a.outcomeMessage ?? "The refund was rejected.",
  declined: (a) => `The gateway declined it: ${a.outcomeMessage ?? "no reason given"}.`,
  failed: (a) => a.outcomeMessage ?? "The gateway refused it.",
  unknown: (a) => a.outcomeMessage ?? "The outcome is not known yet; it will be confirmed with the gateway.",
  in_flight: () => "Still being processed.",
};

export function actionView(r: MoneyActionResult): ActionView {
  const p: PaymentRow = r.payment;
  return {
    id: r.action.id,
    type: r.action.type,
    state: r.action.state,
    method: r.action.method,
    amount: { minor: r.action.amountMinor, currency: r.action.currency },
    message: (MESSAGES[r.action.state] ?? (() => r.action.state))(r.action),
    replayed: r.replayed,
    payment: {
      id: p.id,
      status: p.status,
      capturedMinor: p.capturedMinor,
      refundedMinor: p.refundedMinor,
      authorizedMinor: p.authorizedMinor,
      currency: p.currency,
    },
  };
}

/** 200 when finished (whatever the outcome), 202 when it waits for approval or for the gateway's confirmation. */
export function actionStatus(r: MoneyActionResult): number {
  return r.action.state === "pending_approval" || r.action.state === "unknown" ? 202 : 200;
}
