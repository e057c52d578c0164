// Recurring charges: form RECURRING_SALE (4.6, POST /payment/post) and JSON v2 (4.11). Each charge is a new,
// settled payment on the card of the first payment; the decline-next control can force declines per token.
import { exponentOf, isCurrency, readAmountJson, readWholeAmount } from "../amounts";
import type { Ctx, Deps } from "../context";
import { recurringSaleSignature, saleSignature, sameDigest } from "../hashes";
import { INVALID_HASH, INVALID_MERCHANT, formError, invalidRequest, json, missing, obj, str, wrapper, type Reply } from "../http-util";
import { createPayment, decide } from "../payments";
import { own } from "../state";
import type { Payment } from "../types";
import { clientKeyOk } from "./sale";

/** The first payment behind an active recurring token, or null. */
function firstPaymentOf(deps: Deps, token: string): Payment | null {
  const rt = own(deps.store.data.recurringTokens, token);
  if (!rt?.active) return null;
  return deps.store.payment(rt.firstTransId) ?? null;
}

function charge(
  deps: Deps,
  first: Payment,
  input: {
    kind: Payment["kind"];
    orderId: string;
    description: string;
    amountMinor: number;
    token: string;
    ip?: string;
    merchantTransactionId?: string;
  },
): Payment {
  const p = createPayment(deps, {
    kind: input.kind,
    orderId: input.orderId,
    description: input.description,
    currency: first.currency,
    amountMinor: input.amountMinor,
    auth: false,
    recurringInit: false,
    saveToken: false,
    card: { ...first.card },
    payer: { ...first.payer, ip: input.ip ?? first.payer.ip },
    usedToken: input.token,
    firstTransId: first.id,
    merchantTransactionId: input.merchantTransactionId ?? null,
  });
  decide(deps, p);
  return p;
}

export function recurringSaleHandler(ctx: Ctx, deps: Deps): Reply {
  const f = ctx.fields;
  if (!clientKeyOk(f, deps)) return formError(204002, INVALID_MERCHANT);
  const required = ["order_id", "order_amount", "recurring_first_trans_id", "order_description", "recurring_token", "hash"];
  const absent = missing(f, required);
  if (absent.length) return invalidRequest(absent.map((n) => `${n}: is required`));
  const amount = str(f, "order_amount")!;
  const whole = readWholeAmount(amount);
  if (!whole.ok) return invalidRequest([`order_amount: ${whole.problem}`]);
  const firstTransId = str(f, "recurring_first_trans_id")!;
  const token = str(f, "recurring_token")!;
  const orderId = str(f, "order_id")!;
  const description = str(f, "order_description")!;
  const { profile, merchantSecret } = deps.config;
  const first = firstPaymentOf(deps, token);
  const parts = { firstTransId, recurringToken: token, orderNumber: orderId, orderAmount: amount, orderDescription: description };
  // The profile (#16): the contract's SHA1(MD5(...)) formula, or the family's SALE formula over the first payment's
  // payer e-mail and card (a token that names no payment leaves nothing to check that formula against).
  const expected =
    profile.recurringSaleHash === "sale"
      ? first && saleSignature(first.payer.email, merchantSecret, { bin6: first.card.bin6, last4: first.card.last4 }, profile.caseMode)
      : recurringSaleSignature(parts, merchantSecret, profile.caseMode);
  // Contract section 7: exactly this wrapper, with the hash message as a plain string.
  if (expected && !sameDigest(expected, str(f, "hash")!)) return wrapper(400, INVALID_HASH);
  // recurring_first_trans_id names the first payment by its trans_id (contract) or its order_id (profile).
  const firstId = first && (profile.recurringFirstId === "order_id" ? first.orderId : first.id);
  if (!first || firstId !== firstTransId) {
    return formError(205005, "Recurring token is invalid or does not match recurring_first_trans_id");
  }
  if (deps.store.orderTaken(orderId)) return invalidRequest(["order_id: Duplicate order_id"]);
  const amountMinor = whole.units * 10 ** exponentOf(first.currency);
  const p = charge(deps, first, { kind: "recurring", orderId, description, amountMinor, token, ip: str(f, "payer_ip") });
  if (p.state === "declined") {
    return json(200, { result: "DECLINED", message: p.declineReason ?? "Declined", transaction_id: p.id });
  }
  return json(200, { result: "SUCCESS", message: "Recurring payment approved", transaction_id: p.id });
}

export function recurringV2Handler(ctx: Ctx, deps: Deps): Reply {
  const f = ctx.fields;
  const order = obj(f, "order");
  const problems = [
    ...missing(f, ["transactionId", "recurringToken", "amount"]),
    ...missing(order, ["number", "amount", "currency", "description"]).map((n) => `order.${n}`),
  ].map((n) => `${n} is required`);
  if (problems.length) return wrapper(400, { message: `Validation failed: ${problems.join("; ")}` });
  const currency = str(order, "currency")!;
  if (!isCurrency(currency)) return wrapper(400, { message: "Validation failed: order.currency is not supported" });
  const read = readAmountJson(f.amount, currency, { decimals: deps.config.profile.amountDecimals });
  if (!read.ok) return wrapper(400, { message: `Validation failed: amount ${read.problem}` });
  const orderAmount = readAmountJson(order.amount, currency, { decimals: deps.config.profile.amountDecimals });
  if (!orderAmount.ok) return wrapper(400, { message: `Validation failed: order.amount ${orderAmount.problem}` });
  const amountMinor = read.minor;
  if (orderAmount.minor !== amountMinor) {
    return wrapper(400, { message: "Validation failed: amount must equal order.amount" });
  }
  const token = str(f, "recurringToken")!;
  const first = firstPaymentOf(deps, token);
  if (!first) return wrapper(400, { message: "Invalid recurring token" });
  if (first.currency !== currency) return wrapper(400, { message: "Currency does not match the recurring token" });
  const orderId = str(order, "number")!;
  if (deps.store.orderTaken(orderId)) return wrapper(400, { message: "Duplicate order number" });
  // "Unique id of this recurring transaction" (4.11): the same one again is refused, never charged a second time.
  const transactionId = str(f, "transactionId")!;
  if (Object.values(deps.store.data.payments).some((x) => x.merchantTransactionId === transactionId)) {
    return wrapper(400, { message: "Duplicate transactionId" });
  }
  const p = charge(deps, first, {
    kind: "recurring_v2",
    orderId,
    description: str(order, "description")!,
    amountMinor,
    token,
    merchantTransactionId: transactionId,
  });
  if (p.state === "declined") {
    return wrapper(200, { result: "DECLINED", status: "DECLINED", payment_id: p.id, reason: p.declineReason });
  }
  return wrapper(200, { result: "SUCCESS", status: "SUCCESS", payment_id: p.id });
}
