// Sentences for the audit entries of money: capture, void and refund actions (money-action.ts and the refund
// approval), card payments and their gateway answers, saved-card and recurring charges, billing plans, payment
// links and the ledger's syncs. Words from the audit catalog (audit.s.money.*), in the reader's language.
import "server-only";
import { amountOf, forOrder, ltr, num, ofAmount, statusLabel, str, type Entry, type Sentence, type Speaker } from "./parts";

const MONEY_ACTIONS = ["capture", "void", "refund"] as const;
type MoneyAction = (typeof MONEY_ACTIONS)[number];
const CHARGES = [
  ["token_sale", "tokenSale"],
  ["recurring.charge", "recurring"],
  ["recurring.plan_charge", "billingPlan"],
  ["billing_plan.charge", "billingPlan"],
] as const;

const INTERVALS = ["weekly", "monthly", "yearly"] as const;
const isInterval = (v: string): v is (typeof INTERVALS)[number] => (INTERVALS as readonly string[]).includes(v);

/** What happened to a money action, by the action name's last word. */
const STEPS = ["start", "request_approval", "approve", "approved", "reject", "succeeded", "declined", "failed", "unknown"] as const;
type Step = (typeof STEPS)[number];
const isStep = (v: string): v is Step => (STEPS as readonly string[]).includes(v);

function moneyAction(sp: Speaker, e: Entry, action: MoneyAction, step: string): Sentence | null {
  if (!isStep(step)) return null;
  const s = e.summary;
  const message = str(s, "message");
  const note = str(s, "note");
  return [
    ...sp.say(`money.action.${action}`),
    ...ofAmount(sp, s),
    ...sp.say(`money.step.${step === "approved" ? "approve" : step}`),
    ...forOrder(sp, e),
    ...(message && (step === "declined" || step === "failed") ? sp.say("reason", { reason: message }) : []),
    ...(note ? sp.say("money.note", { note }) : []),
  ];
}

function charge(sp: Speaker, e: Entry, label: (typeof CHARGES)[number][1], step: string): Sentence {
  const s = e.summary;
  const cycle = num(s, "cycle");
  const attempt = num(s, "attempt");
  const when: Sentence =
    cycle === null
      ? []
      : attempt !== null && attempt > 1
        ? sp.say("money.charge.cycleAttempt", { cycle, attempt })
        : sp.say("money.charge.cycle", { cycle });
  const reason = str(s, "reason");
  const outcome = step === "start" || step === "claim" ? sp.text("money.charge.started") : (statusLabel(sp, step) ?? step);
  return [
    ...sp.say(`money.charge.${label}`),
    ...ofAmount(sp, s),
    ...when,
    ...sp.say("money.charge.outcome", { outcome }),
    ...forOrder(sp, e),
    ...(reason && step !== "captured" ? sp.say("reason", { reason }) : []),
  ];
}

function billingPlan(sp: Speaker, e: Entry, step: string): Sentence | null {
  const s = e.summary;
  if (step === "create") {
    const interval = str(s, "interval");
    const first = str(s, "firstChargeDate");
    return [
      ...sp.say("money.plan.plan"),
      ...ofAmount(sp, s),
      interval ? ` ${isInterval(interval) ? sp.text(`money.plan.interval.${interval}`) : interval}` : "",
      ...sp.say("money.plan.created"),
      ...(first ? sp.say("money.plan.firstCharge", { date: ltr(first) }) : []),
    ];
  }
  if (step === "edit") return planEdit(sp, s);
  if (step === "complete") {
    const reason = str(s, "reason");
    const charges = num(s, "chargesMade") ?? 0;
    const end = str(s, "endDate");
    return [
      ...sp.say("money.plan.complete"),
      ...(reason === "cycles" ? sp.say("money.plan.afterLastCharge", { count: charges }) : []),
      ...(reason === "end_date" && end ? sp.say("money.plan.endDateReached", { date: ltr(end) }) : []),
    ];
  }
  if (step !== "pause" && step !== "resume" && step !== "cancel") return null;
  const reason = str(s, "reason");
  return [
    ...sp.say(`money.plan.${step}`),
    ...(str(s, "source") === "retry_policy" ? sp.say("money.plan.afterFailures") : []),
    ...(reason ? sp.say("reason", { reason }) : []),
  ];
}

/** "Billing plan edited: amount SAR 15.00 → SAR 42.50; next charge 2027-01-01 → 2027-01-05; end changed". */
function planEdit(sp: Speaker, s: Record<string, unknown>): Sentence {
  const side = (key: string) => (typeof s[key] === "object" && s[key] !== null ? (s[key] as Record<string, unknown>) : {});
  const [before, after] = [side("before"), side("after")];
  const currency = str(s, "currency");
  const amount = (v: Record<string, unknown>) => amountOf(sp, { amountMinor: v.amountMinor, currency });
  const [a0, a1] = [amount(before), amount(after)];
  const [d0, d1] = [str(before, "nextChargeDate"), str(after, "nextChargeDate")];
  const endOf = (v: Record<string, unknown>) => `${str(v, "endDate") ?? ""}|${num(v, "maxCharges") ?? ""}`;
  return [
    ...sp.say("money.plan.edited"),
    ...(a0 && a1 && a0 !== a1 ? sp.say("money.plan.amountChange", { from: ltr(a0), to: ltr(a1) }) : []),
    ...(d0 && d1 && d0 !== d1 ? sp.say("money.plan.dateChange", { from: ltr(d0), to: ltr(d1) }) : []),
    ...(endOf(before) !== endOf(after) ? sp.say("money.plan.endChange") : []),
    ...(str(s, "to") === "completed" ? sp.say("money.plan.endedByEdit") : []),
  ];
}

function payment(sp: Speaker, e: Entry, step: string): Sentence | null {
  const s = e.summary;
  switch (step) {
    case "create":
      return [
        ...sp.say("money.payment.card"),
        ...ofAmount(sp, s),
        ...sp.say("money.payment.created"),
        ...forOrder(sp, e),
        ...(str(s, "auth") === "Y" ? sp.say("money.payment.authOnly") : []),
      ];
    case "gateway_result": {
      const status = statusLabel(sp, str(s, "status"));
      return [...sp.say("money.payment.gatewayAnswered"), ...forOrder(sp, e), ...(status ? sp.say("money.payment.isNow", { status }) : [])];
    }
    case "sync": {
      const from = statusLabel(sp, str(s, "from"));
      const to = statusLabel(sp, str(s, "to"));
      const byNotification = str(s, "source") === "notification";
      if (s.created === true)
        return [
          ...sp.say("money.payment.payment"),
          ...forOrder(sp, e),
          ...sp.say(byNotification ? "money.payment.recordedByNotification" : "money.payment.recorded"),
          ...(to ? sp.say("money.payment.as", { status: to }) : []),
        ];
      return [
        ...sp.say("money.payment.payment"),
        ...forOrder(sp, e),
        ...sp.say(byNotification ? "money.payment.checkedByNotification" : "money.payment.checked"),
        ...(from && to && from !== to ? sp.say("money.payment.change", { from, to }) : sp.say("money.payment.noChange")),
      ];
    }
    case "stranded":
      return [...sp.say("money.payment.payment"), ...forOrder(sp, e), ...sp.say("money.payment.stranded")];
    case "tokens_recorded": {
      const card = s.cardToken === true;
      const recurring = s.recurringToken === true;
      const which = card && recurring ? "both" : card ? "card" : recurring ? "recurring" : "none";
      return sp.say(`money.payment.tokens.${which}`);
    }
    case "sync.notes":
      return [...sp.say("money.payment.payment"), ...forOrder(sp, e), ...sp.say("money.payment.checkedWithNotes")];
    case "note_add": {
      const told = Array.isArray(s.told) ? s.told.length : 0;
      return [...sp.say("money.payment.noteAdded"), ...forOrder(sp, e), ...(told ? sp.say("money.payment.noteTold", { count: told }) : [])];
    }
  }
  return null;
}

function paymentLink(sp: Speaker, e: Entry, step: string): Sentence | null {
  const s = e.summary;
  if (step === "create") {
    const amount = amountOf(sp, s);
    return [
      ...sp.say("money.link.link"),
      ...(amount ? sp.say("money.link.forAmount", { amount: ltr(amount) }) : []),
      ...sp.say("money.link.created"),
      ...forOrder(sp, e),
    ];
  }
  if (step === "failed" || step === "create_failed") {
    const reason = str(s, "reason");
    return [
      ...sp.say("money.link.link"),
      ...forOrder(sp, e),
      ...sp.say("money.link.failed"),
      ...(reason ? sp.say("reason", { reason }) : []),
    ];
  }
  if (step === "cancel" || step === "cancelled")
    return [...sp.say("money.link.link"), ...forOrder(sp, e), ...sp.say("money.link.cancelled")];
  return null;
}

/** The sentence of a money entry, or null when the action is not one of these. */
export function moneySentence(sp: Speaker, e: Entry): Sentence | null {
  const [head, ...rest] = e.action.split(".");
  const step = rest.join(".");
  if (head && (MONEY_ACTIONS as readonly string[]).includes(head) && rest.length === 1)
    return moneyAction(sp, e, head as MoneyAction, step);
  for (const [prefix, label] of CHARGES) {
    if (e.action.startsWith(`${prefix}.`)) return charge(sp, e, label, e.action.slice(prefix.length + 1));
  }
  if (head === "billing_plan") return billingPlan(sp, e, step);
  if (head === "payment") return payment(sp, e, step);
  if (head === "payment_link") return paymentLink(sp, e, step);
  return null;
}
