// Verifying a notification (protocol notes, "Callbacks"; #16 for the other shapes), each shape with its formula under
// the gateway profile (its UPPER, its S2S secret), candidates compared in constant time:
//   card callback      MD5(UPPER(REV(email) + secret + trans_id + REV(BIN6 + LAST4))), or without trans_id; the
//                      e-mail is the one stored with the order (the callback does not carry it), the merchant secret;
//   S2S webhook        the same formula, keyed with the profile's S2S secret or the merchant secret (both are ours);
//   checkout callback  SHA1(MD5(UPPER(id + order_number + order_amount + order_currency + order_description + secret))).
import "server-only";
import type { Db } from "../../db/client";
import { eq, or, sql } from "drizzle-orm";
import { preparedPer } from "../../db/prepared";
import { payments } from "../../db/schema";
import type { GatewayConfig } from "../../gateway/config";
import { CONTRACT_PROFILE } from "../../gateway/profile";
import { callbackHashes, cardPartsOfMasked, checkoutCallbackHash, matchesAnyHash } from "../../gateway/signing";
import { fieldOf, orderIdOf, shapeOf, transIdOf, type NotificationPayload, type NotificationShape } from "./parse-notification";

/**
 * valid: the hash matches.
 * invalid: we could have checked it (we hold what the formula needs) and it does not match, or it is missing.
 * unverifiable: a card callback or S2S webhook for a payment with no e-mail on file (made on the merchant's website):
 *   nothing to check the hash against. Such a notification may only lead to a status query (see process-notification).
 */
export type HashVerdict = "valid" | "invalid" | "unverifiable";

export interface Verification {
  verdict: HashVerdict;
  payment: NotifiedPayment | null;
  shape: NotificationShape;
}

/** What the receiver needs of the payment a notification names: its id, and the e-mail its hash is keyed with. */
export interface NotifiedPayment {
  id: string;
  payerEmail: string | null;
}

const lookup = preparedPer((db) =>
  db
    .select({ id: payments.id, payerEmail: payments.payerEmail, gatewayId: payments.gatewayId })
    .from(payments)
    .where(or(eq(payments.gatewayId, sql.placeholder("transId")), eq(payments.orderId, sql.placeholder("orderId"))))
    .limit(2)
    .prepare("notification_payment"),
);

/**
 * The ledger payment a notification is about: by the gateway's id, else by the order id. One statement (both are
 * unique, so at most two rows), and only the two columns the receiver needs: it runs for every delivery (#17).
 */
export async function paymentOfNotification(db: Db, payload: NotificationPayload): Promise<NotifiedPayment | null> {
  const transId = transIdOf(payload);
  const orderId = orderIdOf(payload);
  if (!transId && !orderId) return null;
  // A missing id is bound as NULL, which equals nothing.
  const rows = await lookup(db).execute({ transId, orderId });
  const row = rows.find((r) => transId !== null && r.gatewayId === transId) ?? rows[0];
  return row ? { id: row.id, payerEmail: row.payerEmail } : null;
}

type Keys = Pick<GatewayConfig, "merchantSecret" | "apiKey" | "profile">;

export async function verifyNotification(db: Db, payload: NotificationPayload, keys: Keys): Promise<Verification> {
  const payment = await paymentOfNotification(db, payload);
  const shape = shapeOf(payload);
  const profile = keys.profile ?? CONTRACT_PROFILE;
  const given = fieldOf(payload, "hash");
  if (shape === "checkout_callback") {
    const parts = ["id", "order_number", "order_amount", "order_currency", "order_description"].map((k) => fieldOf(payload, k) ?? "");
    if (!given) return { verdict: "invalid", payment, shape };
    const [id, orderNumber, orderAmount, orderCurrency, orderDescription] = parts as [string, string, string, string, string];
    const expected = checkoutCallbackHash({
      id,
      orderNumber,
      orderAmount,
      orderCurrency,
      orderDescription,
      secret: keys.merchantSecret,
      upper: profile.upperCase,
    });
    return { verdict: matchesAnyHash([expected], given) ? "valid" : "invalid", payment, shape };
  }
  if (!payment?.payerEmail) return { verdict: "unverifiable", payment, shape };
  const transId = transIdOf(payload);
  const card = cardPartsOfMasked(fieldOf(payload, "card") ?? "");
  if (!transId || !given || !card) return { verdict: "invalid", payment, shape };
  const s2sSecret = profile.s2sSaleSecret === "api_key" ? keys.apiKey : keys.merchantSecret;
  const secrets = shape === "s2s_webhook" ? [...new Set([keys.merchantSecret, s2sSecret])] : [keys.merchantSecret];
  const candidates = secrets.flatMap((secret) =>
    callbackHashes({ email: payment.payerEmail!, secret, transId, card, upper: profile.upperCase }),
  );
  return { verdict: matchesAnyHash(candidates, given) ? "valid" : "invalid", payment, shape };
}
