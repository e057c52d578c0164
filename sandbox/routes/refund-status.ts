// Partial refund (4.5), payment status (4.7) and saved cards (4.8) of the form interface. The partial-refund
// merchant field name is configurable (protocol family: the brand abbreviation + `_merchant_id` in production).
import { formatAmount, readAmountText } from "../amounts";
import { isIpv4 } from "../format";
import { brandLabel, maskForSavedCard } from "../cards";
import type { Ctx, Deps } from "../context";
import { statusDate } from "../format";
import { partialRefundSignature, sameDigest, statusSignature } from "../hashes";
import { INVALID_HASH, INVALID_MERCHANT, json, missing, safeEqual, str, wrapper, type Reply } from "../http-util";
import { isCaptured, refund, refundable } from "../payments";
import type { Payment } from "../types";

const NOT_FOUND = () => wrapper(404, { message: "Payment not found" });

export function partialRefundHandler(ctx: Ctx, deps: Deps): Reply {
  const f = ctx.fields;
  const { partialRefundMerchantField, clientKey, merchantSecret } = deps.config;
  if (!safeEqual(str(f, partialRefundMerchantField) ?? "", clientKey)) return wrapper(400, { message: INVALID_MERCHANT });
  const absent = missing(f, ["gwayId", "order_id", "hash", "payer_ip", "amount"]);
  if (absent.length) return wrapper(400, { message: `${absent.join(", ")} ${absent.length > 1 ? "are" : "is"} required` });
  // "Payer IPv4 address" (contract 4.5): an IPv6 address is refused as the gateway's validation does.
  if (!isIpv4(str(f, "payer_ip")!)) return wrapper(400, { message: "payer_ip must be an IPv4 address" });
  const p = deps.store.payment(str(f, "gwayId"));
  if (!p) return NOT_FOUND();
  const amountText = str(f, "amount")!;
  const expected = partialRefundSignature(p.id, amountText, merchantSecret, deps.config.profile.caseMode);
  if (!sameDigest(expected, str(f, "hash")!)) return wrapper(400, INVALID_HASH);
  if (str(f, "order_id") !== p.orderId) return wrapper(400, { message: "order_id does not match the payment" });
  if (!isCaptured(p)) return wrapper(400, { message: "Payment is not settled" });
  if (refundable(p) === 0) return wrapper(400, { message: "Refund is already initiated." });
  const read = readAmountText(amountText, p.currency, deps.config.profile.amountDecimals);
  if (!read.ok) return wrapper(400, { message: `amount ${read.problem}` });
  const amountMinor = read.minor;
  // The same partial refund again (same payment and amount: the request is identical, hash and all) is taken for a
  // retry of the first, as the gateway does (contract section 7); another amount, or the same one by CREDITVOID, is not.
  if (p.refunds.some((r) => r.via === "partial_refund" && r.amountMinor === amountMinor)) {
    return wrapper(400, { message: "Refund is already initiated." });
  }
  // "Original amount" is the captured amount: that is the money a refund can give back.
  if (amountMinor >= p.capturedMinor) {
    return wrapper(400, { message: "Partial refund amount must be less than the original amount" });
  }
  if (amountMinor > refundable(p)) return wrapper(400, { message: "Refund amount exceeds the refundable amount" });
  const r = refund(deps, p, amountMinor, "partial_refund");
  return wrapper(200, { result: "accepted", payment_id: r.paymentId });
}

/**
 * Status values: only documented words. The contract shows `settled` and `TXN_FAILURE` (2.5); for the states it does
 * not show, the family's statuses (protocol notes): REDIRECT (waiting for the customer), PENDING (authorized, not
 * captured), REFUND (refunded in full), VOID (authorization released).
 */
export function statusOf(p: Payment): string {
  switch (p.state) {
    case "redirect":
      return "REDIRECT";
    case "pending":
      return "PENDING";
    case "settled":
      return "settled";
    case "refunded":
      return "REFUND";
    case "voided":
      return "VOID";
    case "declined":
      return "TXN_FAILURE";
  }
}

export function statusHandler(ctx: Ctx, deps: Deps): Reply {
  const f = ctx.fields;
  if (!safeEqual(str(f, "merchant_id") ?? "", deps.config.clientKey)) return wrapper(400, { message: INVALID_MERCHANT });
  const absent = missing(f, ["order_id", "gway_Payment_id", "hash"]);
  if (absent.length) return wrapper(400, { message: `${absent.join(", ")} ${absent.length > 1 ? "are" : "is"} required` });
  const p = deps.store.payment(str(f, "gway_Payment_id"));
  if (!p) return NOT_FOUND();
  const expected = statusSignature(p.id, deps.config.merchantSecret, deps.config.profile.caseMode);
  if (!sameDigest(expected, str(f, "hash")!)) return wrapper(400, INVALID_HASH);
  if (str(f, "order_id") !== p.orderId) return wrapper(400, { message: "order_id does not match the payment" });
  return wrapper(200, {
    date: statusDate(p.createdAt),
    status: statusOf(p),
    brand: p.card.brand,
    ...(p.state === "declined" ? { reason: "FAILURE", decline_reason: p.declineReason ?? "" } : {}),
    order: {
      number: p.orderId,
      amount: formatAmount(p.amountMinor, p.currency, deps.config.profile.amountDecimals),
      currency: p.currency,
      description: p.description,
    },
    customer: { name: p.payer.name, email: p.payer.email },
    rrn: p.rrn ?? "",
    payment_id: p.id,
  });
}

/** GET /payment/saved-cards: a bare array (2.11); exact match on the e-mail; a wrong merchant_id is a 400. */
export function savedCardsHandler(ctx: Ctx, deps: Deps): Reply {
  const merchantId = ctx.url.searchParams.get("merchant_id");
  const reference = ctx.url.searchParams.get("customer_reference");
  if (!merchantId || !reference) return json(400, { message: "merchant_id and customer_reference are required" });
  if (!safeEqual(merchantId, deps.config.clientKey)) return json(400, { message: INVALID_MERCHANT });
  const cards = deps.store.data.savedCards
    .filter((c) => c.customerReference === reference)
    .map((c) => ({
      id: c.id,
      merchantId: c.merchantId,
      customerReference: c.customerReference,
      cardToken: c.cardToken,
      maskedCardNumber: maskForSavedCard(c.card),
      cardBrand: brandLabel(c.card.brand),
      expiryMonth: c.card.expMonth,
      expiryYear: c.card.expYear.slice(-2),
      isActive: c.isActive,
      createdAt: c.createdAt,
      updatedAt: c.updatedAt,
    }));
  return json(200, cards);
}
