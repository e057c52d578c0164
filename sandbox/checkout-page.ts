// HTML of the hosted payment page (GET /checkout?sessionId=…): order summary and a labelled card form.
import { esc } from "./http-util";
import { amountText, page } from "./pages";
import type { CheckoutSession } from "./types";

export interface CheckoutValues {
  cardholderName?: string;
  expiryMonth?: string;
  expiryYear?: string;
}

function field(id: string, label: string, attrs: string, value = ""): string {
  return `<div><label for="${id}">${label}</label><input id="${id}" name="${id}" ${attrs} value="${esc(value)}" required></div>`;
}

export function checkoutPage(
  s: CheckoutSession,
  merchantName: string,
  publicUrl: string,
  errors: string[] = [],
  values: CheckoutValues = {},
): string {
  const action = `${publicUrl}/checkout?sessionId=${encodeURIComponent(s.id)}`;
  const amount = amountText(s.amountMinor, s.currency);
  const alert = errors.length
    ? `<div class="error" role="alert" id="form-errors"><p>Please correct the following:</p><ul>${errors
        .map((e) => `<li>${esc(e)}</li>`)
        .join("")}</ul></div>`
    : "";
  const body = `<p class="brand">Sandbox Gateway · Secure checkout</p>
<h1>Pay ${esc(merchantName)}</h1>
<dl><dt>Merchant</dt><dd dir="auto">${esc(merchantName)}</dd><dt>Order</dt><dd><bdi dir="ltr">${esc(
    s.orderId,
  )}</bdi></dd><dt>Amount</dt><dd><bdi dir="ltr">${esc(amount)}</bdi></dd></dl>
${alert}
<form method="post" action="${esc(action)}" autocomplete="on"${errors.length ? ' aria-describedby="form-errors"' : ""}>
${field("cardNumber", "Card number", 'type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23"')}
<div class="row">
${field("expiryMonth", "Expiry month (MM)", 'type="text" inputmode="numeric" autocomplete="cc-exp-month" maxlength="2"', values.expiryMonth)}
${field("expiryYear", "Expiry year (YYYY)", 'type="text" inputmode="numeric" autocomplete="cc-exp-year" maxlength="4"', values.expiryYear)}
</div>
${field("cvv", "CVV", 'type="password" inputmode="numeric" autocomplete="cc-csc" maxlength="4"')}
${field("cardholderName", "Cardholder name", 'type="text" autocomplete="cc-name" dir="auto"', values.cardholderName)}
<button type="submit">Pay <bdi dir="ltr">${esc(amount)}</bdi></button>
</form>
<p class="hint">Sandbox: card 4111111111111111, expiry 01/2038 approves; 05/2038 asks for OTP 1234.</p>`;
  return page(`Checkout – ${merchantName}`, body);
}

export type SessionClosedReason = "expired" | "paid" | "unknown";

export function sessionClosedPage(reason: SessionClosedReason): string {
  const text = {
    expired: ["Payment link expired", "This payment link has expired. Please ask the merchant for a new one."],
    paid: ["Order already paid", "This order has already been paid. No further payment is needed."],
    unknown: ["Payment link not found", "This payment link is not valid. Please check the link or ask the merchant."],
  }[reason];
  const [title, message] = text as [string, string];
  return page(title, `<h1>${title}</h1><p role="alert">${message}</p>`);
}
