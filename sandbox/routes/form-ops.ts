// CAPTURE (4.3), VOID (protocol family) and CREDITVOID (4.4) on POST /payment/post, urlencoded.
import { formatAmount, readAmountText } from "../amounts";
import type { Ctx, Deps } from "../context";
import { transDate } from "../format";
import { captureSignature, creditvoidSignature, sameDigest, voidSignature } from "../hashes";
import { INVALID_HASH, INVALID_MERCHANT, formError, invalidRequest, json, missing, str, type Reply } from "../http-util";
import { capture, isCaptured, refund, refundable, voidPayment } from "../payments";
import type { Payment } from "../types";
import { clientKeyOk } from "./sale";
import { captureHashEmail } from "../profile";

type Lookup = { ok: true; p: Payment } | { ok: false; reply: Reply };

/** Merchant key, required fields, then the payment (208001 when unknown). */
function lookup(ctx: Ctx, deps: Deps, required: string[]): Lookup {
  if (!clientKeyOk(ctx.fields, deps)) return { ok: false, reply: formError(204002, INVALID_MERCHANT) };
  const absent = missing(ctx.fields, required);
  if (absent.length) return { ok: false, reply: invalidRequest(absent.map((n) => `${n}: is required`)) };
  const p = deps.store.payment(str(ctx.fields, "trans_id"));
  if (!p) return { ok: false, reply: formError(208001, "Payment not found") };
  return { ok: true, p };
}

function cardOf(p: Payment) {
  return { bin6: p.card.bin6, last4: p.card.last4 };
}

function head(p: Payment, action: string): Record<string, string> {
  return { action, order_id: p.orderId, trans_id: p.id, trans_date: transDate(Date.now()) };
}

export function captureHandler(ctx: Ctx, deps: Deps): Reply {
  const found = lookup(ctx, deps, ["trans_id", "amount", "hash"]);
  if (!found.ok) return found.reply;
  const { p } = found;
  const { merchantSecret: secret, merchantName } = deps.config;
  const expected = captureSignature(
    captureHashEmail(deps.config.profile, p.payer.email),
    secret,
    p.id,
    cardOf(p),
    deps.config.profile.caseMode,
  );
  if (!sameDigest(expected, str(ctx.fields, "hash")!)) return invalidRequest([INVALID_HASH]);
  const read = readAmountText(str(ctx.fields, "amount")!, p.currency, deps.config.profile.amountDecimals);
  if (!read.ok) return invalidRequest([`amount: ${read.problem}`]);
  const amountMinor = read.minor;
  const amount = formatAmount(amountMinor, p.currency, deps.config.profile.amountDecimals);
  const result = capture(deps, p, amountMinor);
  if (result.kind === "error") return formError(208003, result.message);
  if (result.kind === "declined") {
    return json(200, {
      ...head(p, "CAPTURE"),
      result: "DECLINED",
      status: "PENDING",
      amount,
      currency: p.currency,
      decline_reason: result.reason,
    });
  }
  return json(200, {
    ...head(p, "CAPTURE"),
    result: "SUCCESS",
    status: "SETTLED",
    amount,
    currency: p.currency,
    rrn: p.rrn ?? "",
    card_brand: p.card.brand,
    merchant_name: merchantName,
  });
}

export function voidHandler(ctx: Ctx, deps: Deps): Reply {
  const found = lookup(ctx, deps, ["trans_id", "hash"]);
  if (!found.ok) return found.reply;
  const { p } = found;
  const expected = voidSignature(
    captureHashEmail(deps.config.profile, p.payer.email),
    deps.config.merchantSecret,
    p.id,
    cardOf(p),
    deps.config.profile.caseMode,
  );
  if (!sameDigest(expected, str(ctx.fields, "hash")!)) return invalidRequest([INVALID_HASH]);
  const result = voidPayment(deps, p);
  if (result.kind === "error") return formError(208003, result.message);
  const amount = formatAmount(p.amountMinor, p.currency, deps.config.profile.amountDecimals);
  if (result.kind === "declined") {
    return json(200, {
      ...head(p, "VOID"),
      result: "DECLINED",
      status: "SETTLED",
      amount,
      currency: p.currency,
      decline_reason: result.reason,
    });
  }
  return json(200, { ...head(p, "VOID"), result: "SUCCESS", status: "VOID", amount, currency: p.currency });
}

export function creditvoidHandler(ctx: Ctx, deps: Deps): Reply {
  const found = lookup(ctx, deps, ["trans_id", "amount", "hash"]);
  if (!found.ok) return found.reply;
  const { p } = found;
  const amountText = str(ctx.fields, "amount")!;
  // The hash covers the amount exactly as sent ("10.00" and "10" are different strings).
  // The profile says which CREDITVOID formula the gateway checks (#16): the contract's, or the family's CAPTURE-style one.
  const { profile, merchantSecret } = deps.config;
  const expected =
    profile.creditvoidHash === "capture"
      ? captureSignature(p.payer.email, merchantSecret, p.id, cardOf(p), profile.caseMode)
      : creditvoidSignature(p.id, amountText, merchantSecret, profile.caseMode);
  if (!sameDigest(expected, str(ctx.fields, "hash")!)) return invalidRequest([INVALID_HASH]);
  if (!isCaptured(p)) return formError(208005, "Payment is not settled");
  const read = readAmountText(amountText, p.currency, deps.config.profile.amountDecimals);
  if (!read.ok) return invalidRequest([`amount: ${read.problem}`]);
  const amountMinor = read.minor;
  if (amountMinor > refundable(p)) {
    return invalidRequest([{ error_code: 100001, error_message: "Refund amount cannot be greater than the order amount" }]);
  }
  const r = refund(deps, p, amountMinor, "creditvoid");
  return json(200, { result: "accepted", payment_id: r.paymentId });
}
