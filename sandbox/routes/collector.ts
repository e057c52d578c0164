// The collector (4.2) and the 3-D Secure challenge answer: the customer-facing steps after a SALE, an S2S sale or
// a hosted-page payment. Protocol family: `/collector/{trans_id}` path and error 208002.
import { needsChallenge } from "../cards";
import type { Ctx, Deps } from "../context";
import { htmlReply, redirect, safeEqual, str, type Reply } from "../http-util";
import { awaitChallenge, decide } from "../payments";
import { challengePage, errorPage, sendOnPage } from "../pages";
import { acsStartPage } from "../acs";
import type { Payment } from "../types";

function notFound(): Reply {
  return htmlReply(404, errorPage("Payment not found", "We could not find this payment.", 208001));
}

function notWaiting(): Reply {
  return htmlReply(409, errorPage("Nothing to verify", "This payment is not waiting for this step; it may already be complete.", 208002));
}

/** The 3-D Secure page of the challenge mode: the sandbox's own, the hostile one, or the real-ACS hand-over. */
export function challengeMarkup(deps: Deps, p: Payment): string {
  const mode = deps.store.data.challengeMode;
  if (mode === "acs" && deps.config.acsUrl) return acsStartPage(p, deps.config.acsUrl);
  return challengePage(p, deps.config.merchantName, deps.config.publicUrl, mode === "hostile");
}

/** The challenge page as the collector answers it. */
export function challengeReply(deps: Deps, p: Payment, status = 200): Reply {
  const hostile = deps.store.data.challengeMode === "hostile";
  return htmlReply(status, challengeMarkup(deps, p), hostile ? new URL(deps.config.publicUrl).origin : undefined);
}

/** `url` with `params` added to its query (existing parameters kept). */
export function withQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

/** Where a finished payment sends the customer: term URL (form), success/failure URL (S2S, hosted). */
export function sendOn(deps: Deps, p: Payment): Reply {
  const approved = p.state !== "declined";
  if (p.kind === "hosted") {
    const target = approved ? p.successUrl! : p.failureUrl!;
    return redirect(withQuery(target, { sessionId: p.sessionId ?? "", orderId: p.orderId, paymentId: p.id }));
  }
  if (p.kind === "s2s") {
    const target = approved ? p.successUrl! : p.failureUrl!;
    return htmlReply(200, sendOnPage(target, { paymentId: p.id, orderId: p.orderId }, approved));
  }
  return htmlReply(200, sendOnPage(p.termUrl ?? deps.config.publicUrl, { order_id: p.orderId, trans_id: p.id }, approved));
}

function transIdOf(ctx: Ctx, body: string): string | undefined {
  if (ctx.params[0]) return ctx.params[0];
  try {
    const decoded = JSON.parse(Buffer.from(body, "base64").toString("utf8")) as { trans_id?: unknown };
    return typeof decoded.trans_id === "string" ? decoded.trans_id : undefined;
  } catch {
    return undefined;
  }
}

/** POST /collector/{trans_id}, /payment/Collector[/{trans_id}] with `{ body }` exactly as the SALE returned it. */
export function collectorHandler(ctx: Ctx, deps: Deps): Reply {
  const body = str(ctx.fields, "body");
  if (!body) {
    return htmlReply(400, errorPage("Invalid request", "The payment data (body) is missing.", 100000));
  }
  const p = deps.store.payment(transIdOf(ctx, body));
  if (!p || !p.collectorBody) return notFound();
  if (!safeEqual(p.collectorBody, body)) {
    return htmlReply(400, errorPage("Invalid request", "The payment data does not match this payment.", 100000));
  }
  if (p.stage === "challenge") return challengeReply(deps, p); // a reload of the challenge page
  if (p.stage !== "collector") return notWaiting();
  if (needsChallenge(p.card)) {
    awaitChallenge(deps, p);
    return challengeReply(deps, p);
  }
  decide(deps, p);
  return sendOn(deps, p);
}

/** POST /payment/challenge/{trans_id}, urlencoded `otp`: 1234 approves. */
export function challengeHandler(ctx: Ctx, deps: Deps): Reply {
  const p = deps.store.payment(ctx.params[0] ?? "");
  if (!p) return notFound();
  if (p.stage !== "challenge") return notWaiting();
  decide(deps, p, str(ctx.fields, "otp") ?? "");
  return sendOn(deps, p);
}
