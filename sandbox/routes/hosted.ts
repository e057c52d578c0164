// Hosted checkout: POST /api/v1/payment-gateway/initiate (4.9) creates a session; GET/POST /checkout?sessionId=
// serves the payment page, runs the card (with a challenge when needed) and 303-redirects to success/failure.
import { isCurrency, readAmountJson } from "../amounts";
import { checkCard, needsChallenge } from "../cards";
import { checkoutPage, sessionClosedPage } from "../checkout-page";
import type { Ctx, Deps } from "../context";
import { isoDay, newId } from "../format";
import { envelopeError, envelopeOk, htmlReply, missing, obj, str, type Fields, type Reply } from "../http-util";
import { awaitChallenge, createPayment, decide } from "../payments";
import { own } from "../state";
import type { CheckoutSession } from "../types";
import { challengeReply, sendOn } from "./collector";
import { flagProblems, isHttpUrl } from "./sale";

const DAY_MS = 86_400_000;

function dateProblem(f: Fields, name: string): string | null {
  const v = f[name];
  if (v === undefined || v === null) return null;
  if (typeof v !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(v) || isoDay(Date.parse(`${v}T00:00:00Z`) || 0) !== v) {
    return `${name} must be a date YYYY-MM-DD`;
  }
  return null;
}

export function initiateHandler(ctx: Ctx, deps: Deps): Reply {
  const f = ctx.fields;
  const customer = obj(f, "customerDetails");
  const problems = [
    ...missing(f, ["orderId", "currency", "amount", "successUrl", "failureUrl"]),
    ...missing(customer, ["name", "email", "phone"]).map((n) => `customerDetails.${n}`),
  ].map((n) => `${n} is required`);
  const currency = str(f, "currency") ?? "";
  if (currency && !isCurrency(currency)) problems.push("currency is not supported");
  const amount =
    isCurrency(currency) && str(f, "amount") ? readAmountJson(f.amount, currency, { decimals: deps.config.profile.amountDecimals }) : null;
  if (amount && !amount.ok) problems.push(`amount ${amount.problem}`);
  for (const n of ["successUrl", "failureUrl"]) if (str(f, n) && !isHttpUrl(str(f, n))) problems.push(`${n} must be an http(s) URL`);
  problems.push(...flagProblems(f, ["auth", "recurringInit"]).map((p) => p.replace(":", "")));
  if (f.activityId !== undefined && f.activityId !== null && !Number.isInteger(f.activityId)) {
    problems.push("activityId must be an integer");
  }
  for (const n of ["issueDate", "expireDate"]) {
    const p = dateProblem(f, n);
    if (p) problems.push(p);
  }
  if (problems.length || !amount?.ok || !isCurrency(currency)) {
    return envelopeError(400, `Validation failed: ${problems.join("; ")}`);
  }
  // Contract 8: issueDate defaults to today, expireDate to issueDate + 7 days.
  const issueDate = str(f, "issueDate") ?? isoDay(Date.now());
  const expireDate = str(f, "expireDate") ?? isoDay(Date.parse(`${issueDate}T00:00:00Z`) + 7 * DAY_MS);
  if (expireDate < issueDate) return envelopeError(400, "Validation failed: expireDate is before issueDate");
  const orderId = str(f, "orderId")!;
  if (deps.store.orderTaken(orderId)) return envelopeError(409, "Duplicate orderId");
  const session: CheckoutSession = {
    id: newId(),
    orderId,
    currency,
    amountMinor: amount.minor,
    customer: { name: str(customer, "name")!, email: str(customer, "email")!, phone: str(customer, "phone")! },
    auth: str(f, "auth") === "Y", // contract 4.9: one listing omits auth; missing means "N"
    recurringInit: str(f, "recurringInit") === "Y",
    successUrl: str(f, "successUrl")!,
    failureUrl: str(f, "failureUrl")!,
    issueDate,
    expireDate,
    paidPaymentId: null,
    paymentIds: [],
    createdAt: Date.now(),
  };
  deps.store.addSession(session);
  return envelopeOk({ redirectUrl: `${deps.config.publicUrl}/checkout?sessionId=${session.id}` });
}

/** The session behind ?sessionId=, or the page that explains why it cannot be paid. */
function openSession(ctx: Ctx, deps: Deps): { session: CheckoutSession } | { reply: Reply } {
  const session = own(deps.store.data.sessions, ctx.url.searchParams.get("sessionId") ?? "");
  if (!session) return { reply: htmlReply(404, sessionClosedPage("unknown")) };
  if (session.paidPaymentId) return { reply: htmlReply(409, sessionClosedPage("paid")) };
  if (isoDay(Date.now()) > session.expireDate) return { reply: htmlReply(410, sessionClosedPage("expired")) };
  return { session };
}

export function checkoutPageHandler(ctx: Ctx, deps: Deps): Reply {
  const open = openSession(ctx, deps);
  if ("reply" in open) return open.reply;
  return htmlReply(200, checkoutPage(open.session, deps.config.merchantName, deps.config.publicUrl));
}

export function checkoutPayHandler(ctx: Ctx, deps: Deps): Reply {
  const open = openSession(ctx, deps);
  if ("reply" in open) return open.reply;
  const { session } = open;
  const f = ctx.fields;
  const holder = (str(f, "cardholderName") ?? "").trim();
  const year = (str(f, "expiryYear") ?? "").trim();
  const checked = checkCard(
    {
      number: str(f, "cardNumber"),
      expMonth: str(f, "expiryMonth"),
      expYear: /^\d{2}$/.test(year) ? `20${year}` : year, // people type "38"
      cvv: str(f, "cvv"),
      holder,
    },
    { number: "Card number", expMonth: "Expiry month", expYear: "Expiry year", cvv: "CVV" },
    // A person types here: spaces in the number and a one-digit month are the page's to tidy, not a client error.
    { typed: true },
  );
  const errors = checked.ok ? [] : [...checked.errors];
  if (!holder) errors.push("Cardholder name: is required");
  if (!checked.ok || errors.length) {
    const values = { cardholderName: holder, expiryMonth: str(f, "expiryMonth"), expiryYear: year };
    return htmlReply(400, checkoutPage(session, deps.config.merchantName, deps.config.publicUrl, errors, values));
  }
  const p = createPayment(deps, {
    kind: "hosted",
    orderId: session.orderId,
    description: `Hosted checkout ${session.orderId}`,
    currency: session.currency,
    amountMinor: session.amountMinor,
    auth: session.auth,
    recurringInit: session.recurringInit,
    saveToken: false,
    card: checked.card,
    payer: { ...session.customer, ip: null },
    successUrl: session.successUrl,
    failureUrl: session.failureUrl,
    sessionId: session.id,
  });
  session.paymentIds.push(p.id);
  if (needsChallenge(p.card)) {
    awaitChallenge(deps, p);
    return challengeReply(deps, p);
  }
  decide(deps, p);
  return sendOn(deps, p);
}
