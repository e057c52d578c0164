// The callback of a card operation (protocol family fields), signed with the "with trans_id" formula: built from
// the payment after each state change and handed to the dispatcher (fire-and-forget).
import { formatAmount } from "./amounts";
import { maskForCallback } from "./cards";
import type { Deps } from "./context";
import { transDate } from "./format";
import { callbackSignature } from "./hashes";
import type { Payment } from "./types";

export interface Notice {
  action: string;
  result: string;
  status: string;
  amountMinor: number;
  extra?: Record<string, string>;
}

export function notify(deps: Deps, p: Payment, n: Notice): void {
  const { config } = deps;
  const fields: Record<string, string> = {
    action: n.action,
    result: n.result,
    status: n.status,
    order_id: p.orderId,
    trans_id: p.id,
    trans_date: transDate(Date.now()),
    amount: formatAmount(n.amountMinor, p.currency, config.profile.amountDecimals),
    currency: p.currency,
    card: maskForCallback(p.card),
    card_brand: p.card.brand,
    card_expiration_date: `${p.card.expMonth}/${p.card.expYear}`,
    merchant_name: config.merchantName,
    hash: callbackSignature(
      p.payer.email,
      config.merchantSecret,
      p.id,
      { bin6: p.card.bin6, last4: p.card.last4 },
      config.profile.caseMode,
    ),
  };
  if (n.result === "DECLINED" && p.declineReason) fields.decline_reason = p.declineReason;
  if (n.result === "SUCCESS") {
    if (p.rrn) fields.rrn = p.rrn;
    if (p.approvalCode) fields.approval_code = p.approvalCode;
    if (n.action === "SALE" || n.action === "RECURRING_SALE") {
      if (p.recurringToken) fields.recurring_token = p.recurringToken;
      if (p.cardToken && p.saveToken) fields.card_token = p.cardToken;
    }
  }
  if (p.kind === "s2s" || p.kind === "hosted" || p.kind === "recurring_v2") fields.transactionId = p.id;
  deps.callbacks.send({ ...fields, ...n.extra });
}
