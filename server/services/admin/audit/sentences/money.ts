// Sentences for the audit entries of money: capture, void and refund actions (money-action.ts and the refund
// approval), card payments and their gateway answers, saved-card and recurring charges, billing plans, payment
// links and the ledger's syncs.
import "server-only";
import { amountOf, forOrder, ltr, num, ofAmount, statusLabel, str, type Entry, type Sentence } from "./parts";

const MONEY_ACTION: Record<string, string> = { capture: "Capture", void: "Void", refund: "Refund" };
const CHARGE: Record<string, string> = {
  token_sale: "Saved-card charge",
  "recurring.charge": "Recurring charge",
  "recurring.plan_charge": "Billing plan charge",
  "billing_plan.charge": "Billing plan charge",
};

const INTERVAL: Record<string, string> = { weekly: "every week", monthly: "every month", yearly: "every year" };

/** What happened to a money action, by the action name's last word. */
const STEP: Record<string, string> = {
  start: "sent to the gateway",
  request_approval: "requested, awaiting approval",
  approve: "approved",
  approved: "approved",
  reject: "rejected",
  succeeded: "succeeded",
  declined: "declined by the gateway",
  failed: "failed",
  unknown: "sent, outcome unknown (the gateway did not confirm)",
};

function moneyAction(e: Entry, label: string, step: string): Sentence | null {
  const what = STEP[step];
  if (!what) return null;
  const s = e.summary;
  const message = str(s, "message");
  const note = str(s, "note");
  return [
    label,
    ...ofAmount(s),
    ` ${what}`,
    ...forOrder(e),
    ...(message && (step === "declined" || step === "failed") ? [`: ${message}`] : []),
    ...(note ? [` (note: “${note}”)`] : []),
  ];
}

function charge(e: Entry, label: string, step: string): Sentence {
  const s = e.summary;
  const cycle = num(s, "cycle");
  const attempt = num(s, "attempt");
  const when = cycle !== null ? ` (cycle ${cycle}${attempt !== null && attempt > 1 ? `, attempt ${attempt}` : ""})` : "";
  const reason = str(s, "reason");
  const outcome = step === "start" || step === "claim" ? "started" : (statusLabel(step) ?? step);
  return [label, ...ofAmount(s), when, ` ${outcome}`, ...forOrder(e), ...(reason && step !== "captured" ? [`: ${reason}`] : [])];
}

function billingPlan(e: Entry, step: string): Sentence | null {
  const s = e.summary;
  if (step === "create") {
    const interval = str(s, "interval");
    const first = str(s, "firstChargeDate");
    return [
      "Billing plan",
      ...ofAmount(s),
      interval ? ` ${INTERVAL[interval] ?? interval}` : "",
      " created",
      ...(first ? [", first charge on ", ltr(first)] : []),
    ];
  }
  const verb = { pause: "paused", resume: "resumed", cancel: "cancelled" }[step];
  if (!verb) return null;
  const reason = str(s, "reason");
  return [
    `Billing plan ${verb}`,
    ...(str(s, "source") === "retry_policy" ? [" after failed charges"] : []),
    ...(reason ? [`: ${reason}`] : []),
  ];
}

function payment(e: Entry, step: string): Sentence | null {
  const s = e.summary;
  switch (step) {
    case "create":
      return ["Card payment", ...ofAmount(s), " created", ...forOrder(e), ...(str(s, "auth") === "Y" ? [" (authorization only)"] : [])];
    case "gateway_result": {
      const status = statusLabel(str(s, "status"));
      return ["Gateway answered", ...forOrder(e), ...(status ? [`: the payment is ${status}`] : [])];
    }
    case "sync": {
      const from = statusLabel(str(s, "from"));
      const to = statusLabel(str(s, "to"));
      const by = str(s, "source") === "notification" ? " after a gateway notification" : "";
      if (s.created === true) return ["Payment", ...forOrder(e), ` recorded from the gateway${by}`, ...(to ? [` as ${to}`] : [])];
      return ["Payment", ...forOrder(e), ` checked with the gateway${by}`, from && to && from !== to ? `: ${from} → ${to}` : ": no change"];
    }
    case "stranded":
      return ["Payment", ...forOrder(e), " marked “outcome unknown”: it stayed pending at the gateway too long"];
    case "tokens_recorded": {
      const tokens = [s.cardToken === true ? "card token" : null, s.recurringToken === true ? "recurring token" : null].filter(Boolean);
      return [
        `${tokens.length ? tokens.join(" and ") : "Tokens"} recorded from a gateway notification`.replace(/^./, (c) => c.toUpperCase()),
      ];
    }
    case "sync.notes":
      return ["Payment", ...forOrder(e), " checked with the gateway, with notes"];
  }
  return null;
}

function paymentLink(e: Entry, step: string): Sentence | null {
  const s = e.summary;
  if (step === "create") return ["Payment link", ...(amountOf(s) ? [" for ", ltr(amountOf(s)!)] : []), " created", ...forOrder(e)];
  if (step === "failed" || step === "create_failed") {
    const reason = str(s, "reason");
    return ["Payment link", ...forOrder(e), " could not be created", ...(reason ? [`: ${reason}`] : [])];
  }
  if (step === "cancel" || step === "cancelled") return ["Payment link", ...forOrder(e), " cancelled"];
  return null;
}

/** The sentence of a money entry, or null when the action is not one of these. */
export function moneySentence(e: Entry): Sentence | null {
  const [head, ...rest] = e.action.split(".");
  const step = rest.join(".");
  if (head && MONEY_ACTION[head] && rest.length === 1) return moneyAction(e, MONEY_ACTION[head], step);
  for (const [prefix, label] of Object.entries(CHARGE)) {
    if (e.action.startsWith(`${prefix}.`)) return charge(e, label, e.action.slice(prefix.length + 1));
  }
  if (head === "billing_plan") return billingPlan(e, step);
  if (head === "payment") return payment(e, step);
  if (head === "payment_link") return paymentLink(e, step);
  return null;
}
