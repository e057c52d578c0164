// The payment state machine shared by every interface: create, decide (approve/decline), capture, void, refund,
// the tokens a successful payment produces; each state change sends its callback (notify.ts).
// Invariant guarded here: the sum of refunds never exceeds the captured amount.
import { DECLINE } from "./cards";
import type { Deps } from "./context";
import { newId, randomDigits, randomHex, transDate } from "./format";
import { notify } from "./notify";
import { own } from "./state";
import type { Payment, PaymentKind, Refund } from "./types";

export type NewPayment = Pick<
  Payment,
  "kind" | "orderId" | "description" | "currency" | "amountMinor" | "auth" | "recurringInit" | "saveToken" | "card" | "payer"
> &
  Partial<Pick<Payment, "termUrl" | "successUrl" | "failureUrl" | "sessionId" | "usedToken" | "firstTransId" | "merchantTransactionId">>;

export function createPayment(deps: Deps, input: NewPayment): Payment {
  const now = Date.now();
  const p: Payment = {
    id: newId(),
    capturedMinor: 0,
    refundedMinor: 0,
    state: "redirect",
    stage: null,
    termUrl: null,
    successUrl: null,
    failureUrl: null,
    sessionId: null,
    collectorBody: null,
    forcedDecline: input.usedToken ? takeForcedDecline(deps, input.usedToken) : null,
    declineReason: null,
    rrn: null,
    approvalCode: null,
    acquirerPaymentId: randomDigits(16),
    recurringToken: null,
    cardToken: null,
    usedToken: null,
    firstTransId: null,
    merchantTransactionId: null,
    refunds: [],
    createdAt: now,
    updatedAt: now,
    finishedAt: null,
    ...input,
  };
  deps.store.addPayment(p);
  return p;
}

/** Consume one forced decline set by POST /__sandbox/decline-next for this token. */
function takeForcedDecline(deps: Deps, token: string): string | null {
  const rule = own(deps.store.data.declineNext, token);
  if (!rule || rule.count <= 0) return null;
  rule.count -= 1;
  if (rule.count <= 0) delete deps.store.data.declineNext[token];
  return rule.reason;
}

/** Put the payment in front of the 3-D Secure challenge page. */
export function awaitChallenge(deps: Deps, p: Payment): void {
  p.stage = "challenge";
  p.updatedAt = Date.now();
  deps.store.changed();
}

/** Why this payment must be declined now, or null to approve. `otp` is the challenge answer, if there was one. */
function declineReasonOf(deps: Deps, p: Payment, otp: string | null): string | null {
  const challenged = p.card.outcome === "challenge_approve" || p.card.outcome === "challenge_decline";
  if (challenged && otp !== null && otp.trim() !== "1234") return DECLINE.authFailed;
  if (p.forcedDecline) return p.forcedDecline;
  if (p.card.declineReason) return p.card.declineReason;
  if (p.card.outcome === "challenge_decline") return DECLINE.issuer;
  const session = p.sessionId ? deps.store.data.sessions[p.sessionId] : undefined;
  if (session?.paidPaymentId) return "Checkout session already paid";
  return null;
}

/** Complete a payment that is waiting (frictionless now, or after the challenge): approve or decline it. */
export function decide(deps: Deps, p: Payment, otp: string | null = null): void {
  const reason = declineReasonOf(deps, p, otp);
  const now = Date.now();
  p.stage = null;
  p.updatedAt = now;
  p.finishedAt = now;
  if (reason) {
    p.state = "declined";
    p.declineReason = reason;
  } else {
    p.state = p.auth ? "pending" : "settled";
    p.capturedMinor = p.auth ? 0 : p.amountMinor;
    if (!p.auth) p.capturedAt = now;
    p.rrn = randomDigits(12);
    p.approvalCode = randomDigits(6);
    issueTokens(deps, p, now);
    const session = p.sessionId ? deps.store.data.sessions[p.sessionId] : undefined;
    if (session) session.paidPaymentId = p.id;
  }
  deps.store.changed();
  const approved = p.state !== "declined";
  notify(deps, p, {
    action: saleAction(p.kind),
    result: approved ? "SUCCESS" : "DECLINED",
    status: approved ? (p.auth ? "PENDING" : "SETTLED") : "DECLINED",
    amountMinor: p.amountMinor,
  });
}

function saleAction(kind: PaymentKind): string {
  return kind === "recurring" || kind === "recurring_v2" ? "RECURRING_SALE" : "SALE";
}

/** Tokens of a successful payment: a recurring token (recurring_init=Y) and a saved card (save_token=Y). */
function issueTokens(deps: Deps, p: Payment, now: number): void {
  const data = deps.store.data;
  if (p.recurringInit) {
    const token = newId();
    data.recurringTokens[token] = { token, firstTransId: p.id, active: true, createdAt: now };
    p.recurringToken = token;
  }
  if (p.saveToken && p.kind === "form") {
    const same = data.savedCards.find(
      (c) =>
        c.customerReference === p.payer.email &&
        c.card.bin6 === p.card.bin6 &&
        c.card.last4 === p.card.last4 &&
        c.card.expMonth === p.card.expMonth &&
        c.card.expYear === p.card.expYear,
    );
    if (same) {
      same.updatedAt = now;
      same.isActive = true;
      p.cardToken = same.cardToken;
    } else {
      const cardToken = randomHex(20);
      data.savedCards.push({
        id: data.nextSavedCardId++,
        merchantId: deps.config.clientKey,
        customerReference: p.payer.email,
        cardToken,
        card: { ...p.card },
        isActive: true,
        createdAt: now,
        updatedAt: now,
      });
      p.cardToken = cardToken;
    }
  }
}

export type CaptureResult = { kind: "error"; message: string } | { kind: "declined"; reason: string } | { kind: "captured" };

/** CAPTURE: only from authorized-not-captured; a partial capture releases the rest of the authorization. */
export function capture(deps: Deps, p: Payment, amountMinor: number): CaptureResult {
  if (p.state !== "pending") return { kind: "error", message: "Payment is not authorized or already captured" };
  let reason: string | null = null;
  if (amountMinor > p.amountMinor) reason = DECLINE.captureOver;
  else if (p.card.outcome === "capture_declines") reason = DECLINE.captureIssuer;
  // A declined capture changes nothing, so it sends no callback.
  if (reason) return { kind: "declined", reason };
  p.capturedMinor = amountMinor;
  p.state = "settled";
  p.updatedAt = Date.now();
  p.capturedAt = p.updatedAt;
  deps.store.changed();
  notify(deps, p, { action: "CAPTURE", result: "SUCCESS", status: "SETTLED", amountMinor });
  return { kind: "captured" };
}

export type VoidResult = { kind: "error"; message: string } | { kind: "declined"; reason: string } | { kind: "voided" };

/** VOID (protocol family): releases an authorization; after a capture the money goes back by refund. */
export function voidPayment(deps: Deps, p: Payment): VoidResult {
  if (p.state === "settled" || p.state === "refunded") {
    return { kind: "declined", reason: "Payment already captured; refund it instead" };
  }
  if (p.state !== "pending") return { kind: "error", message: "Payment is not authorized" };
  p.state = "voided";
  p.updatedAt = Date.now();
  deps.store.changed();
  notify(deps, p, { action: "VOID", result: "SUCCESS", status: "VOID", amountMinor: p.amountMinor });
  return { kind: "voided" };
}

export function isCaptured(p: Payment): boolean {
  return p.state === "settled" || p.state === "refunded";
}

/** What can still be refunded: the captured amount less every refund so far. */
export function refundable(p: Payment): number {
  return isCaptured(p) ? p.capturedMinor - p.refundedMinor : 0;
}

/** Record a refund. Callers check the amount first; this refuses anything over the refundable amount anyway. */
export function refund(deps: Deps, p: Payment, amountMinor: number, via: Refund["via"]): Refund {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0 || amountMinor > refundable(p)) {
    throw new Error("refund: amount outside the refundable amount");
  }
  const now = Date.now();
  const r: Refund = { paymentId: newId(), amountMinor, via, createdAt: now };
  p.refunds.push(r);
  p.refundedMinor += amountMinor;
  if (p.refundedMinor === p.capturedMinor) p.state = "refunded";
  p.updatedAt = now;
  deps.store.changed();
  notify(deps, p, {
    action: "CREDITVOID",
    result: "SUCCESS",
    status: p.state === "refunded" ? "REFUND" : "SETTLED",
    amountMinor,
    extra: { creditvoid_date: transDate(now) },
  });
  return r;
}
