// Verifying a notification's hash (protocol notes, "Callbacks"): MD5(UPPER(REV(email) + secret + trans_id +
// REV(BIN6 + LAST4))), or the same without trans_id in some flows; both candidates are compared in constant time.
// The callback does not carry the payer e-mail: it is the one stored with the order in the ledger.
import "server-only";
import type { Db } from "../../db/client";
import type { PaymentRow } from "../../db/schema";
import { callbackHashes, cardPartsOfMasked, matchesAnyHash } from "../../gateway/signing";
import { findPaymentByGatewayId, findPaymentByOrderId } from "../../ledger/payments";
import { fieldOf, transIdOf, type NotificationPayload } from "./parse-notification";

/**
 * valid: the hash matches for the payer e-mail on file.
 * invalid: we hold the e-mail, so the gateway could have signed it, and the hash does not match (or is missing).
 * unverifiable: no payment with an e-mail on file (a payment made on the merchant's website, not in the dashboard):
 *   nothing to check the hash against. Such a notification may only lead to a status query (see process-notification).
 */
export type HashVerdict = "valid" | "invalid" | "unverifiable";

export interface Verification {
  verdict: HashVerdict;
  payment: PaymentRow | null;
}

/** The ledger payment a notification is about: by the gateway's id, else by the order id. */
export async function paymentOfNotification(db: Db, payload: NotificationPayload): Promise<PaymentRow | null> {
  const transId = transIdOf(payload);
  const orderId = fieldOf(payload, "order_id");
  return (transId ? await findPaymentByGatewayId(db, transId) : null) ?? (orderId ? await findPaymentByOrderId(db, orderId) : null);
}

export async function verifyNotification(db: Db, payload: NotificationPayload, merchantSecret: string): Promise<Verification> {
  const payment = await paymentOfNotification(db, payload);
  if (!payment?.payerEmail) return { verdict: "unverifiable", payment };
  const transId = transIdOf(payload);
  const given = fieldOf(payload, "hash");
  const card = cardPartsOfMasked(fieldOf(payload, "card") ?? "");
  if (!transId || !given || !card) return { verdict: "invalid", payment };
  const candidates = callbackHashes({ email: payment.payerEmail, secret: merchantSecret, transId, card });
  return { verdict: matchesAnyHash(candidates, given) ? "valid" : "invalid", payment };
}
