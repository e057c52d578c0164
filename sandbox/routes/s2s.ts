// JSON payment calls: S2S sale (4.10, X-API-KEY + body hash) and transaction details (4.12).
import { CURRENCIES, formatAmount, isCurrency, readAmountJson } from "../amounts";
import { checkCard, maskForDetails, needsChallenge, schemeCode } from "../cards";
import type { Ctx, Deps } from "../context";
import { isoNoZone, stableUuid } from "../format";
import { s2sSaleSignature, sameDigest } from "../hashes";
import { INVALID_HASH, envelopeError, envelopeOk, missing, obj, str, type Reply } from "../http-util";
import { awaitChallenge, createPayment, decide } from "../payments";
import { challengeMarkup } from "./collector";
import { businessUnitHierarchy } from "../seed";
import type { Payment } from "../types";
import { statusOf } from "./refund-status";
import { flagProblems, isHttpUrl } from "./sale";

export function s2sSaleHandler(ctx: Ctx, deps: Deps): Reply {
  const f = ctx.fields;
  const cardIn = obj(f, "card");
  const customer = obj(f, "customer");
  const problems = [
    ...missing(f, ["orderId", "amount", "currency", "paymentMethod", "auth", "successUrl", "failureUrl", "hash"]),
    ...missing(customer, ["name", "email", "phone"]).map((n) => `customer.${n}`),
  ].map((n) => `${n} is required`);
  if (str(f, "paymentMethod") && str(f, "paymentMethod") !== "card") problems.push("paymentMethod must be card");
  const currency = str(f, "currency") ?? "";
  if (currency && !isCurrency(currency)) problems.push("currency is not supported");
  const amount =
    isCurrency(currency) && str(f, "amount")
      ? readAmountJson(f.amount, currency, { number: true, decimals: deps.config.profile.amountDecimals })
      : null;
  if (amount && !amount.ok) problems.push(`amount ${amount.problem}`);
  for (const n of ["successUrl", "failureUrl"]) if (str(f, n) && !isHttpUrl(str(f, n))) problems.push(`${n} must be an http(s) URL`);
  problems.push(...flagProblems(f, ["auth", "recurringInit"]).map((p) => p.replace(":", "")));
  const checked = checkCard(
    {
      number: str(cardIn, "cardNumber"),
      expMonth: str(cardIn, "cardExpiryMonth"),
      expYear: str(cardIn, "cardExpiryYear"),
      cvv: str(cardIn, "cardCvv"),
      holder: str(customer, "name") ?? "",
    },
    { number: "card.cardNumber", expMonth: "card.cardExpiryMonth", expYear: "card.cardExpiryYear", cvv: "card.cardCvv" },
  );
  if (!checked.ok) problems.push(...checked.errors.map((e) => e.replace(":", "")));
  if (problems.length || !checked.ok || !amount?.ok || !isCurrency(currency)) {
    return envelopeError(400, `Validation failed: ${problems.join("; ")}`);
  }
  const email = str(customer, "email")!;
  // The API key in the formula is the key this call authenticated with.
  // The key of the S2S hash is the X-API-KEY (contract) or the merchant secret (family profile, #16).
  const { profile, merchantSecret } = deps.config;
  const key = profile.s2sSaleSecret === "api_key" ? (ctx.apiKey ?? "") : merchantSecret;
  const expected = s2sSaleSignature(email, key, { bin6: checked.card.bin6, last4: checked.card.last4 }, profile.caseMode);
  if (!sameDigest(expected, str(f, "hash")!)) return envelopeError(400, INVALID_HASH);
  const orderId = str(f, "orderId")!;
  if (deps.store.orderTaken(orderId)) return envelopeError(409, "Duplicate orderId");
  const p = createPayment(deps, {
    kind: "s2s",
    orderId,
    description: str(f, "description") ?? `S2S sale ${orderId}`,
    currency,
    amountMinor: amount.minor,
    auth: str(f, "auth") === "Y",
    recurringInit: str(f, "recurringInit") === "Y",
    saveToken: false,
    card: checked.card,
    payer: { email, name: str(customer, "name")!, phone: str(customer, "phone")!, ip: null },
    successUrl: str(f, "successUrl")!,
    failureUrl: str(f, "failureUrl")!,
  });
  const ids = { paymentId: p.id, acquirerPaymentId: p.acquirerPaymentId };
  if (needsChallenge(p.card)) {
    awaitChallenge(deps, p);
    return envelopeOk({ result: "Pending", status: "SUCCESS", ...ids, html: challengeMarkup(deps, p) });
  }
  decide(deps, p);
  if (p.state === "declined") {
    return envelopeOk({ result: "Declined", status: "DECLINED", declineReason: p.declineReason, ...ids });
  }
  return envelopeOk({ result: "Success", status: p.state === "pending" ? "PENDING" : "SETTLED", ...ids });
}

const PAYMENT_STATUS: Record<Payment["state"], string> = {
  redirect: "INITIATED",
  pending: "AUTHORIZED",
  settled: "APPROVED",
  refunded: "REFUNDED",
  voided: "VOIDED",
  declined: "DECLINED",
};

function transactionType(p: Payment): string {
  if (p.kind === "recurring" || p.kind === "recurring_v2") return "RECURRING";
  return p.auth ? "PRE_AUTHORIZATION" : "PURCHASE";
}

function details(p: Payment, deps: Deps): Record<string, unknown> {
  const refundStatus = p.refundedMinor === 0 ? "NONE" : p.state === "refunded" ? "FULL" : "PARTIAL";
  return {
    transactionId: p.id,
    orderId: p.orderId,
    amount: formatAmount(p.amountMinor, p.currency, deps.config.profile.amountDecimals),
    currencyCode: CURRENCIES[p.currency].numeric,
    transactionStatus: p.state === "declined" ? "FAILED" : p.state === "redirect" ? "PENDING" : "SUCCESS",
    paymentStatus: PAYMENT_STATUS[p.state],
    businessUnitId: deps.config.businessUnitId,
    channel: "PAYMENT_GATEWAY",
    rrn: p.rrn ?? "",
    transactionType: transactionType(p),
    reconciliationStatus: "UNSETTLED",
    reconciliationAt: null,
    acquirerBank: "Sandbox Bank",
    providerTid: "SBX00001",
    holderAccount: null,
    cardScheme: schemeCode(p.card.brand),
    cardChannel: "PHYSICAL_CARD",
    cardSequenceNumber: null,
    pan: maskForDetails(p.card),
    cardExpiration: `${p.card.expYear}/${p.card.expMonth}`,
    cardHolderName: p.card.holder,
    createdAt: isoNoZone(p.createdAt),
    finishedAt: p.finishedAt === null ? null : isoNoZone(p.finishedAt),
    createdBy: stableUuid("user:sandbox-api"),
    createdByName: "Sandbox API",
    totalRefundAmount: formatAmount(p.refundedMinor, p.currency, deps.config.profile.amountDecimals),
    refundStatus,
    merchantId: deps.config.clientKey,
    recurringToken: p.recurringToken,
    declineReason: p.declineReason,
    paymentGatewayTransactionId: p.acquirerPaymentId,
    reason: p.state === "declined" ? "FAILURE" : null,
    status: statusOf(p),
    initiateOrderId: p.sessionId ?? p.id,
    gateway: "SANDBOX",
    settlementStatus: "NOT_SETTLED",
  };
}

export function detailsHandler(ctx: Ctx, deps: Deps): Reply {
  const id = ctx.params[0] ?? "";
  const p = deps.store.payment(id);
  if (!p) return envelopeError(404, `entity Transaction not found for fields [id] and values [${id}]`);
  return envelopeOk({
    transactionDetails: details(p, deps),
    businessUnitHierarchy: businessUnitHierarchy(deps.config.merchantName),
  });
}
