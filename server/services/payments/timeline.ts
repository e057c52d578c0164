// A payment's timeline in people's words: each moment that happened to it (started, 3-D Secure, a refund
// requested, approved, sent to the gateway, succeeded), with who did it. Page-load reads of the gateway are not
// events (they stay in the gateway-call log); a person's "Sync with gateway" is one "Checked with the gateway"
// line however many reads it made. Pure: payment-page.ts loads the rows, this orders and words them in the
// reader's language (messages/<lang>/payment.json `timeline.*`, the nouns and reasons from vocab); English by default.
import { actionTypeText, reasonText } from "@/lib/i18n/vocab";
import type { UiPrefs } from "@/lib/i18n/languages";
import { formatLocaleOf } from "@/lib/i18n/languages";
import { formatMoney, isCurrencyCode } from "@/lib/money";
import type { GatewayCallRow, GatewayNotificationRow } from "../../db/schema";
import { translatorFor } from "../../i18n/translator";
import { READ_OPERATIONS } from "./read-operations";
import { ANSWER_TONE, OUTCOME_TONE } from "./timeline-words";

/** The reader's language and digits; the timeline is worded in English when none is given (tests, logs). */
export type TimelinePrefs = Pick<UiPrefs, "language" | "digits">;
const ENGLISH: TimelinePrefs = { language: "en", digits: "latn" };

/** The words of one timeline: sentences with their values, and the known words of codes (null when unknown). */
interface Words {
  say(key: string, values?: Record<string, string | number>): string;
  known(key: string): string | null;
  amount(minor: number, currency: string): string;
  noun(type: string): string;
  reason(code: string): string;
}

function wordsFor(prefs: TimelinePrefs): Words {
  const t = translatorFor(prefs, "payment");
  const vocab = translatorFor(prefs, "vocab");
  const locale = formatLocaleOf(prefs);
  // In a right-to-left sentence an amount, a name or a code is isolated (FSI … PDI), so it keeps its own order
  // and does not pull the words around it; English text stays exactly as it was.
  const iso = prefs.language === "en" ? (v: string) => v : (v: string) => `\u2068${v}\u2069`;
  const isolate = (values: Record<string, string | number> = {}) =>
    Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === "string" ? iso(v) : v]));
  const key = (k: string) => `timeline.${k}` as never;
  return {
    say: (k, values) => t(key(k), isolate(values) as never),
    known: (k) => (t.has(key(k)) ? t(key(k)) : null),
    amount: (minor, currency) => (isCurrencyCode(currency) ? formatMoney({ minor, currency }, locale) : `${minor} ${currency}`),
    noun: (type) => actionTypeText(vocab, type),
    reason: (code) => reasonText(vocab, code),
  };
}

export type TimelineTone = "neutral" | "success" | "warning" | "danger" | "info";

export interface TimelineEvent {
  at: Date;
  kind: "created" | "call" | "three_ds" | "check" | "notification" | "action" | "note";
  title: string;
  detail: string | null;
  tone: TimelineTone;
}

export interface TimelineAction {
  id: string;
  type: string;
  state: string;
  amountMinor: number;
  currency: string;
  reasonCode: string | null;
  note: string | null;
  outcomeMessage: string | null;
  requestedBy: string;
  createdAt: Date;
  completedAt: Date | null;
  updatedAt: Date;
}

/** An approval or a refusal of a held refund (audit rows refund.approve / refund.reject). */
export interface TimelineDecision {
  at: Date;
  actionId: string;
  decision: "approve" | "reject";
  by: string;
  note: string | null;
}

export interface TimelineInput {
  payment: { createdAt: Date; amountMinor: number; currency: string };
  createdByName: string | null;
  calls: GatewayCallRow[];
  notifications: GatewayNotificationRow[];
  actions: TimelineAction[];
  decisions: TimelineDecision[];
  /** When 3-D Secure pages were kept for this payment (three_ds_views, short-lived). */
  threeDsAt: Date[];
  /** Notes staff added to the payment: who, when, what. */
  notes?: Array<{ at: Date; author: string; body: string }>;
}

/** Reads of one sync are made together; reads further apart than this are another sync. */
const ONE_SYNC_MS = 10_000;

const joined = (...parts: Array<string | null | undefined | false>) => parts.filter(Boolean).join(" · ") || null;

/** A call whose answer sends the customer to 3-D Secure (a REDIRECT, a challenge page). */
export function isThreeDsAnswer(c: Pick<GatewayCallRow, "operation" | "response">): boolean {
  if (c.operation === "collector") return true;
  const r = c.response;
  if (!r || typeof r !== "object") return false;
  const o = r as Record<string, unknown>;
  const data = (o.data && typeof o.data === "object" ? o.data : {}) as Record<string, unknown>;
  // A long answer (a challenge page) is recorded as an excerpt of its JSON.
  if (o.truncated === true && typeof o.excerpt === "string") return /"(html|redirect_url)"\s*:|"result"\s*:\s*"REDIRECT"/i.test(o.excerpt);
  const word = (v: unknown) => (typeof v === "string" ? v.toUpperCase() : "");
  return word(o.result) === "REDIRECT" || word(o.status) === "3DS" || typeof o.html === "string" || typeof data.html === "string";
}

function callEvents(calls: GatewayCallRow[], w: Words): TimelineEvent[] {
  const out: TimelineEvent[] = [];
  let check: { event: TimelineEvent; last: number; failed: boolean } | null = null;
  for (const c of calls) {
    if (READ_OPERATIONS.has(c.operation)) {
      // Only a person's sync is shown; page loads and automatic syncs stay in the gateway-call log.
      if (c.purpose !== "user_sync") continue;
      const t = c.startedAt.getTime();
      const failed = c.outcome === "transport" || c.outcome === "gateway_error";
      if (check && t - check.last <= ONE_SYNC_MS) {
        check.last = t;
        check.failed ||= failed;
      } else {
        check = {
          event: { at: c.startedAt, kind: "check", title: w.say("checked"), detail: null, tone: "info" },
          last: t,
          failed,
        };
        out.push(check.event);
      }
      check.event.detail = check.failed ? w.say("checkedPartly") : w.say("checkedOk");
      check.event.tone = check.failed ? "warning" : "info";
      continue;
    }
    const tone = ANSWER_TONE[c.outcome] ?? "neutral";
    const answer = w.known(`answer.${c.outcome}`) ?? w.say("answered");
    out.push({
      at: c.startedAt,
      kind: "call",
      title: w.known(`sent.${c.operation}`) ?? w.say("requestSent"),
      // In staff's words: the answer, and the gateway's code only when it refused (support asks for it); how long
      // the call took is the operators' figure (metrics, the gateway calls log), not staff's.
      detail: joined(
        answer,
        c.outcome !== "success" && c.gatewayCode && w.say("code", { code: c.gatewayCode }),
        c.attempts > 1 && w.say("attempts", { count: c.attempts }),
      ),
      tone,
    });
    if (c.outcome === "success" && isThreeDsAnswer(c) && c.operation !== "collector") {
      out.push({
        at: new Date(c.startedAt.getTime() + c.latencyMs),
        kind: "three_ds",
        title: w.say("threeDs"),
        detail: w.say("threeDsDetail"),
        tone: "info",
      });
    }
  }
  return out;
}

function processedLabel(result: string | null, w: Words): string {
  if (!result) return w.say("notProcessedYet");
  if (result.startsWith("error:")) return w.say("notProcessed", { reason: result.slice(6).trim() });
  return w.known(`processed.${result}`) ?? result.replace(/_/g, " ");
}

function notificationEvent(n: GatewayNotificationRow, w: Words): TimelineEvent {
  const result = (n.result ?? "").toUpperCase();
  // A SALE that succeeded with status PENDING is an authorization (auth=Y: the money held, not taken).
  const sale = ["SALE", "RECURRING_SALE"].includes((n.action ?? "").toUpperCase());
  const action =
    sale && result === "SUCCESS" && (n.status ?? "").toUpperCase() === "PENDING" ? "AUTHORIZATION" : (n.action ?? "").toUpperCase();
  const what =
    (action ? w.known(`notifiedWhat.${action}`) : null) ?? (action ? action.toLowerCase().replace(/_/g, " ") : w.say("notifiedPayment"));
  const how = (result ? w.known(`notifiedHow.${result}`) : null) ?? (result ? result.toLowerCase() : w.say("notifiedChanged"));
  return {
    at: n.receivedAt,
    kind: "notification",
    title: w.say("notified", { what, how }),
    // A verified signature is the normal case and goes unsaid; one that did not match is worth a warning.
    detail: joined(!n.hashValid && w.say("signatureBad"), processedLabel(n.processingResult, w)),
    tone: n.hashValid ? "info" : "warning",
  };
}

function actionEvents(a: TimelineAction, decisions: TimelineDecision[], w: Words): TimelineEvent[] {
  const noun = w.noun(a.type);
  const amount = w.amount(a.amountMinor, a.currency);
  const out: TimelineEvent[] = [
    {
      at: a.createdAt,
      kind: "action",
      title: w.say("requested", { noun, amount, name: a.requestedBy }),
      detail: joined(a.reasonCode && w.reason(a.reasonCode), a.note, a.state === "pending_approval" && w.say("waitingApproval")),
      tone: "neutral",
    },
  ];
  for (const d of decisions.filter((x) => x.actionId === a.id)) {
    out.push({
      at: d.at,
      kind: "action",
      title: w.say(d.decision === "approve" ? "approved" : "rejected", { noun, name: d.by }),
      detail: d.note,
      tone: d.decision === "approve" ? "info" : "warning",
    });
  }
  const outcomeTone = OUTCOME_TONE[a.state];
  if (outcomeTone && a.completedAt) {
    out.push({
      at: a.completedAt,
      kind: "action",
      title: w.say(`outcome.${a.state}`, { noun, amount }),
      detail: a.state === "succeeded" ? null : a.outcomeMessage,
      tone: outcomeTone,
    });
  } else if (a.state === "unknown") {
    out.push({
      at: a.updatedAt,
      kind: "action",
      title: w.say("outcomeUnknown", { noun }),
      detail: w.say("outcomeUnknownDetail"),
      tone: "warning",
    });
  }
  return out;
}

export function buildTimeline(input: TimelineInput, prefs: TimelinePrefs = ENGLISH): TimelineEvent[] {
  const { payment } = input;
  const w = wordsFor(prefs);
  const events: TimelineEvent[] = [];
  if (input.createdByName) {
    events.push({
      at: payment.createdAt,
      kind: "created",
      title: w.say("started", { amount: w.amount(payment.amountMinor, payment.currency), name: input.createdByName }),
      detail: null,
      tone: "neutral",
    });
  }
  // Actions before calls: at one moment, the approval comes before the call it caused.
  for (const a of input.actions) events.push(...actionEvents(a, input.decisions, w));
  const calls = callEvents(input.calls, w);
  events.push(...calls);
  // The kept 3-D Secure pages are a fallback when the call records do not show the step (e.g. trimmed answers).
  if (!calls.some((e) => e.kind === "three_ds") && input.threeDsAt.length > 0) {
    events.push({
      at: input.threeDsAt[0]!,
      kind: "three_ds",
      title: w.say("threeDs"),
      detail: w.say("threeDsDetail"),
      tone: "info",
    });
  }
  events.push(...input.notifications.map((n) => notificationEvent(n, w)));
  for (const n of input.notes ?? [])
    events.push({ at: n.at, kind: "note", title: w.say("note", { name: n.author }), detail: n.body, tone: "neutral" });
  // Stable: equal moments keep the order above (approved before sent, sent before 3-D Secure).
  return events
    .map((e, i) => [e, i] as const)
    .sort(([x, i], [y, j]) => x.at.getTime() - y.at.getTime() || i - j)
    .map(([e]) => e);
}
