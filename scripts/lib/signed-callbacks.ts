// Gateway callbacks as the sandbox (and the gateway) sends them, for the scripts that post them at a running
// dashboard (the callbacks benchmark, the stop-under-load check): form-encoded, signed with the sandbox merchant's
// secret over the payer e-mail on file, the transaction id and the masked card.
import { SANDBOX_DEFAULTS } from "../../server/gateway/sandbox-defaults";
import { captureHash, cardPartsOf } from "../../server/gateway/signing";

/** The i-th second of `year` as the gateway writes trans_date: each value its own dedupe key. */
export function transDate(year: number, i: number): string {
  const d = new Date(Date.UTC(year, 0, 1, 0, 0, 0) + i * 1000);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${p(d.getUTCDate())}-${p(d.getUTCMonth() + 1)}-${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

/** A body maker for signed SALE/SETTLED callbacks about one payment; each `transDateText` makes a distinct one. */
export function signedSaleCallbacks(pay: {
  orderId: string;
  transId: string;
  email: string;
  card: string;
}): (transDateText: string) => string {
  const card = cardPartsOf(pay.card);
  const hash = captureHash({ email: pay.email, secret: SANDBOX_DEFAULTS.merchantSecret, transId: pay.transId, card });
  return (transDateText) =>
    new URLSearchParams({
      action: "SALE",
      result: "SUCCESS",
      status: "SETTLED",
      order_id: pay.orderId,
      trans_id: pay.transId,
      trans_date: transDateText,
      amount: "25.00",
      currency: "SAR",
      card: `${card.bin6}XXXXXX${card.last4}`,
      card_brand: "VISA",
      card_expiration_date: "01/2038",
      merchant_name: "Sandbox Merchant",
      hash,
    }).toString();
}
