// Which answers of a money-moving call confirm that it happened, and what they mean. Only the result/status pairs the
// contract documents (sections 2.2–2.8) and the protocol family's notes ("Statuses and results of the family") count;
// a decline is told apart before this (unwrap.ts). Anything else that reads as JSON of the right shape (the family's
// `UNDEFINED` "outcome unknown: ask again", `SUCCESS` with status `PENDING` on a capture, an unknown word, a missing
// id) confirms nothing: the transport turns it into an outcome-unknown failure, the ledger books nothing, and the
// reconciler settles the action by a status query. Words are compared without regard to case or surrounding blanks
// (the family writes `SUCCESS`, the contract's refunds `accepted`, the S2S sale `Pending`).

/** What a confirmed answer means for the payment. */
export type Confirmed = "captured" | "authorized" | "awaiting_3ds" | "voided" | "accepted";

export type ConfirmedOperation =
  "capture" | "void" | "creditvoid" | "partial_refund" | "sale" | "token_sale" | "recurring_sale" | "recurring_v2" | "s2s_sale";

/** A status the answer may carry: a word, ABSENT (no status field at all), or ANY (a customer step: nothing booked). */
const ABSENT = Symbol("absent");
const ANY = Symbol("any");
type StatusWord = string | typeof ABSENT | typeof ANY;

interface Pair {
  result: string;
  status: readonly StatusWord[];
  means: Confirmed;
}

interface Rule {
  pairs: readonly Pair[];
  /** The fields one of which must carry the gateway's id of what was done (a refund's payment_id, a charge's id). */
  idFields: readonly string[];
}

const SALE_PAIRS: readonly Pair[] = [
  // 2.2: the customer is sent on to the collector (3-D Secure or another step); the status query decides later.
  { result: "REDIRECT", status: ["REDIRECT", "3DS"], means: "awaiting_3ds" },
  // Family: a frictionless sale answers its final result directly.
  { result: "SUCCESS", status: ["SETTLED"], means: "captured" },
  { result: "SUCCESS", status: ["PENDING"], means: "authorized" },
];

const REFUND_PAIRS: readonly Pair[] = [
  // 2.4: `accepted` and the refund's own payment_id; the family's later callback says REFUND, REVERSAL or SETTLED.
  { result: "ACCEPTED", status: [ABSENT, "REFUND", "REVERSAL", "SETTLED"], means: "accepted" },
];

export const CONFIRMATIONS: Readonly<Record<ConfirmedOperation, Rule>> = {
  // 2.3: SUCCESS + SETTLED (DECLINED + PENDING is a decline).
  capture: { pairs: [{ result: "SUCCESS", status: ["SETTLED"], means: "captured" }], idFields: [] },
  // Family: SUCCESS + VOID (DECLINED + SETTLED is a decline).
  void: { pairs: [{ result: "SUCCESS", status: ["VOID"], means: "voided" }], idFields: [] },
  creditvoid: { pairs: REFUND_PAIRS, idFields: ["payment_id"] },
  partial_refund: { pairs: REFUND_PAIRS, idFields: ["payment_id"] },
  sale: { pairs: SALE_PAIRS, idFields: ["trans_id"] },
  token_sale: { pairs: SALE_PAIRS, idFields: ["trans_id"] },
  recurring_sale: {
    pairs: [
      // 2.8 (form): {result SUCCESS, message, transaction_id}, no status; the family's SALE pairs apply too.
      { result: "SUCCESS", status: [ABSENT, "SETTLED"], means: "captured" },
      { result: "SUCCESS", status: ["PENDING"], means: "authorized" },
      { result: "REDIRECT", status: ["REDIRECT", "3DS"], means: "awaiting_3ds" },
    ],
    idFields: ["transaction_id", "trans_id"],
  },
  recurring_v2: {
    pairs: [
      // 2.8 (v2): `SUCCESS` seen for both result and status; the family's SETTLED means the same.
      { result: "SUCCESS", status: ["SUCCESS", "SETTLED"], means: "captured" },
      { result: "SUCCESS", status: ["PENDING"], means: "authorized" },
    ],
    idFields: ["payment_id"],
  },
  s2s_sale: {
    pairs: [
      // 2.7: `Pending` when 3-D Secure is required (the page is in `html`; without it the service asks the status).
      { result: "PENDING", status: [ANY], means: "awaiting_3ds" },
      { result: "SUCCESS", status: ["SETTLED", "SUCCESS"], means: "captured" },
      { result: "SUCCESS", status: ["PENDING"], means: "authorized" },
    ],
    idFields: ["paymentId"],
  },
};

const word = (v: unknown): string | null => (typeof v === "string" ? v.trim().toUpperCase() : null);

/** Whether the answer names what was done in one of the rule's id fields (or the rule asks for none). */
const hasId = (rule: Rule, d: Record<string, unknown>): boolean =>
  rule.idFields.length === 0 || rule.idFields.some((f) => typeof d[f] === "string" && (d[f] as string).trim() !== "");

function statusMatches(allowed: readonly StatusWord[], status: unknown): boolean {
  if (allowed.includes(ANY)) return true;
  if (status === undefined || status === null) return allowed.includes(ABSENT);
  const w = word(status);
  return w !== null && allowed.includes(w);
}

/** What the answer confirms, or null when it confirms nothing (see the header). */
export function confirmationOf(operation: ConfirmedOperation, data: unknown): Confirmed | null {
  if (typeof data !== "object" || data === null) return null;
  const d = data as Record<string, unknown>;
  const rule = CONFIRMATIONS[operation];
  if (!hasId(rule, d)) return null;
  const result = word(d.result);
  const pair = rule.pairs.find((p) => p.result === result && statusMatches(p.status, d.status));
  return pair?.means ?? null;
}

/** Why an answer confirms nothing, for the call record and the staff's message (words only, never other fields). */
export function unconfirmedReason(operation: ConfirmedOperation, data: unknown): string {
  const d = typeof data === "object" && data !== null ? (data as Record<string, unknown>) : {};
  const show = (v: unknown) => (typeof v === "string" ? JSON.stringify(v.slice(0, 40)) : v === undefined ? "none" : typeof v);
  const rule = CONFIRMATIONS[operation];
  const idMissing = hasId(rule, d) ? "" : `, no ${rule.idFields.join(" or ")}`;
  return `the ${operation} answer confirms nothing (result ${show(d.result)}, status ${show(d.status)}${idMissing})`;
}

/** The check a call spec carries: null when confirmed, else why not. */
export function confirmedBy(operation: ConfirmedOperation): (data: unknown) => string | null {
  return (data) => (confirmationOf(operation, data) === null ? unconfirmedReason(operation, data) : null);
}
