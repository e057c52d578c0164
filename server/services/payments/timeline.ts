// A payment's timeline in people's words: each moment that happened to it (started, 3-D Secure, a refund
// requested, approved, sent to the gateway, succeeded), with who did it. Page-load reads of the gateway are not
// events (they stay in the gateway-call log); a person's "Sync with gateway" is one "Checked with the gateway"
// line however many reads it made. Pure: payment-page.ts loads the rows, this orders and words them.
import { formatMoney, isCurrencyCode } from "@/lib/money";
import { reasonLabel } from "@/lib/schemas/payment-actions-values";
import type { GatewayCallRow, GatewayNotificationRow } from "../../db/schema";
import { ACTION_NOUN, ANSWER, NOTIFIED, OUTCOME, PROCESSED, RESULT, SENT } from "./timeline-words";

export type TimelineTone = "neutral" | "success" | "warning" | "danger" | "info";

export interface TimelineEvent {
  at: Date;
  kind: "created" | "call" | "three_ds" | "check" | "notification" | "action";
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
}

/** Operations that only read: never an event of their own. */
export const READ_OPERATIONS = new Set(["status", "transaction_details", "saved_cards"]);
/** Reads of one sync are made together; reads further apart than this are another sync. */
const ONE_SYNC_MS = 10_000;

function amountOf(minor: number, currency: string): string {
  return isCurrencyCode(currency) ? formatMoney({ minor, currency }) : `${minor} ${currency}`;
}

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

function callEvents(calls: GatewayCallRow[]): TimelineEvent[] {
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
          event: { at: c.startedAt, kind: "check", title: "Checked with the gateway", detail: null, tone: "info" },
          last: t,
          failed,
        };
        out.push(check.event);
      }
      check.event.detail = check.failed
        ? "The gateway did not answer every question; the ledger was not changed by it"
        : "Sync with gateway";
      check.event.tone = check.failed ? "warning" : "info";
      continue;
    }
    const [answer, tone] = ANSWER[c.outcome] ?? ["Answered", "neutral" as const];
    out.push({
      at: c.startedAt,
      kind: "call",
      title: SENT[c.operation] ?? "Request sent to the gateway",
      detail: joined(answer, c.gatewayCode && `code ${c.gatewayCode}`, `${c.latencyMs} ms`, c.attempts > 1 && `${c.attempts} attempts`),
      tone,
    });
    if (c.outcome === "success" && isThreeDsAnswer(c) && c.operation !== "collector") {
      out.push({
        at: new Date(c.startedAt.getTime() + c.latencyMs),
        kind: "three_ds",
        title: "3-D Secure: the customer was asked to confirm with their bank",
        detail: "The card issuer checks the customer before the payment is decided",
        tone: "info",
      });
    }
  }
  return out;
}

function processedLabel(result: string | null): string {
  if (!result) return "not processed yet";
  if (result.startsWith("error:")) return `not processed: ${result.slice(6).trim()}`;
  return PROCESSED[result] ?? result.replace(/_/g, " ");
}

function notificationEvent(n: GatewayNotificationRow): TimelineEvent {
  const action = (n.action ?? "").toUpperCase();
  const result = (n.result ?? "").toUpperCase();
  const what = NOTIFIED[action] ?? (action ? action.toLowerCase().replace(/_/g, " ") : "The payment");
  const how = RESULT[result] ?? (result ? result.toLowerCase() : "changed");
  return {
    at: n.receivedAt,
    kind: "notification",
    title: `The gateway notified: ${what} ${how}`,
    detail: joined(n.hashValid ? "Signature verified" : "Signature not verified", processedLabel(n.processingResult)),
    tone: n.hashValid ? "info" : "warning",
  };
}

function actionEvents(a: TimelineAction, decisions: TimelineDecision[]): TimelineEvent[] {
  const noun = ACTION_NOUN[a.type] ?? a.type;
  const amount = amountOf(a.amountMinor, a.currency);
  const out: TimelineEvent[] = [
    {
      at: a.createdAt,
      kind: "action",
      title: `${noun} of ${amount} requested by ${a.requestedBy}`,
      detail: joined(
        a.reasonCode && reasonLabel(a.reasonCode),
        a.note,
        a.state === "pending_approval" && "Waiting for a second person to approve",
      ),
      tone: "neutral",
    },
  ];
  for (const d of decisions.filter((x) => x.actionId === a.id)) {
    out.push({
      at: d.at,
      kind: "action",
      title: d.decision === "approve" ? `${noun} approved by ${d.by}` : `${noun} rejected by ${d.by}`,
      detail: d.note,
      tone: d.decision === "approve" ? "info" : "warning",
    });
  }
  const outcome = OUTCOME[a.state];
  if (outcome && a.completedAt) {
    out.push({
      at: a.completedAt,
      kind: "action",
      title: `${noun} of ${amount} ${outcome[0]}`,
      detail: a.state === "succeeded" ? null : a.outcomeMessage,
      tone: outcome[1],
    });
  } else if (a.state === "unknown") {
    out.push({
      at: a.updatedAt,
      kind: "action",
      title: `${noun} outcome not known yet`,
      detail: "The gateway did not answer in time; a sync settles it",
      tone: "warning",
    });
  }
  return out;
}

export function buildTimeline(input: TimelineInput): TimelineEvent[] {
  const { payment } = input;
  const events: TimelineEvent[] = [];
  if (input.createdByName) {
    events.push({
      at: payment.createdAt,
      kind: "created",
      title: `Payment of ${amountOf(payment.amountMinor, payment.currency)} started by ${input.createdByName}`,
      detail: null,
      tone: "neutral",
    });
  }
  // Actions before calls: at one moment, the approval comes before the call it caused.
  for (const a of input.actions) events.push(...actionEvents(a, input.decisions));
  const calls = callEvents(input.calls);
  events.push(...calls);
  // The kept 3-D Secure pages are a fallback when the call records do not show the step (e.g. trimmed answers).
  if (!calls.some((e) => e.kind === "three_ds") && input.threeDsAt.length > 0) {
    events.push({
      at: input.threeDsAt[0]!,
      kind: "three_ds",
      title: "3-D Secure: the customer was asked to confirm with their bank",
      detail: "The card issuer checks the customer before the payment is decided",
      tone: "info",
    });
  }
  events.push(...input.notifications.map(notificationEvent));
  // Stable: equal moments keep the order above (approved before sent, sent before 3-D Secure).
  return events
    .map((e, i) => [e, i] as const)
    .sort(([x, i], [y, j]) => x.at.getTime() - y.at.getTime() || i - j)
    .map(([e]) => e);
}
