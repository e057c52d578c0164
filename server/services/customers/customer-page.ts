// One customer's page: every payment under the e-mail (any case), the recurring tokens (first payments that hold
// one), the billing plans on those tokens and the cards the gateway keeps for each spelling of the e-mail. Each
// part is read only when the reader holds the permission that shows it elsewhere; a gateway that does not answer
// for the saved cards leaves the rest of the page standing, with the reason where the cards would be.
import "server-only";
import { and, count, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { isCurrencyCode, type Money } from "@/lib/money";
import type { SavedCardView } from "@/lib/schemas/saved-cards";
import { billingPlans, payments, type PaymentRow } from "../../db/schema";
import { AppError, type ErrorMessage } from "../../errors";
import type { ServiceContext, ServiceDeps } from "../deps";
import { requirePermission } from "../require-permission";
import { savedCardsOf } from "../saved-cards/saved-cards";
import { paymentNotesOf, type PaymentNoteOf } from "../payments/notes/payment-notes-of";
import { emailOfKey } from "./customer-key";
import { emailSpellings, sameEmail } from "./same-email";

export interface CustomerPayment {
  id: string;
  orderId: string;
  kind: string;
  /** 'sale' or 'authorize'. */
  intent: string;
  status: string;
  amount: Money | null;
  card: { brand: string | null; last4: string | null };
  createdAt: string;
}

export interface CustomerPlan {
  id: string;
  description: string;
  amount: Money | null;
  interval: string;
  status: string;
  nextChargeAt: string | null;
  firstPaymentId: string;
}

export interface CustomerView {
  key: string;
  email: string;
  /** Other spellings of the e-mail seen in the ledger (the gateway keeps saved cards per exact spelling). */
  otherSpellings: string[];
  name: string | null;
  payments: CustomerPayment[];
  paymentsTotal: number;
  /** Null: the reader may not see them (RECURRING_CHARGE). */
  recurringTokens: CustomerPayment[] | null;
  plans: CustomerPlan[] | null;
  /** Null: the reader may not see them (SAVED_CARDS_VIEW). */
  savedCards: SavedCardsOrReason | null;
  /** Staff's notes on the payments shown, newest first, each with its order id. */
  notes: Array<PaymentNoteOf & { orderId: string }>;
}

const PAYMENTS_SHOWN = 25;

const moneyOf = (minor: number, currency: string): Money | null => (isCurrencyCode(currency) ? { minor, currency } : null);

function paymentOf(p: PaymentRow): CustomerPayment {
  return {
    id: p.id,
    orderId: p.orderId,
    kind: p.kind,
    intent: p.intent,
    status: p.status,
    // What moved once captured (a partial capture shows what was taken), else what was asked.
    amount: moneyOf(p.capturedMinor > 0 ? p.capturedMinor : p.amountMinor, p.currency),
    card: { brand: p.cardBrand, last4: p.cardLast4 },
    createdAt: p.createdAt.toISOString(),
  };
}

/** The saved cards, or why the gateway could not list them: `error` in English, `errorKey` for the reader's language. */
export interface SavedCardsOrReason {
  cards: SavedCardView[];
  error: string | null;
  errorKey: ErrorMessage | null;
}

async function cardsOrReason(deps: ServiceDeps, spellings: string[]): Promise<SavedCardsOrReason> {
  try {
    return { cards: await savedCardsOf(deps, spellings), error: null, errorKey: null };
  } catch (e) {
    if (e instanceof AppError) return { cards: [], error: e.message, errorKey: e.messageKey };
    throw e;
  }
}

export async function customerPage(ctx: ServiceContext, input: { key: string }): Promise<CustomerView | null> {
  const { deps, principal } = ctx;
  requirePermission(principal, "TRANSACTIONS_VIEW");
  const email = await emailOfKey(deps, input.key);
  if (!email) return null;
  const mine = sameEmail(email);
  const mayRecurring = principal.permissions.has("RECURRING_CHARGE");
  const [rows, [total], spellings, tokens, plans] = await Promise.all([
    deps.db.select().from(payments).where(mine).orderBy(desc(payments.createdAt), desc(payments.id)).limit(PAYMENTS_SHOWN),
    deps.db.select({ n: count() }).from(payments).where(mine),
    emailSpellings(deps, email),
    mayRecurring
      ? deps.db
          .select()
          .from(payments)
          .where(and(mine, isNotNull(payments.recurringToken), isNull(payments.parentPaymentId)))
          .orderBy(desc(payments.createdAt))
          .limit(50)
      : null,
    mayRecurring
      ? deps.db
          .select({ plan: billingPlans })
          .from(billingPlans)
          .innerJoin(payments, eq(payments.id, billingPlans.firstPaymentId))
          .where(mine)
          .orderBy(desc(billingPlans.createdAt))
          .limit(50)
      : null,
  ]);
  const latest = rows[0];
  const orderIds = new Map(rows.map((r) => [r.id, r.orderId]));
  const notes = (await paymentNotesOf(deps.db, [...orderIds.keys()])).map((n) => ({ ...n, orderId: orderIds.get(n.paymentId)! })).reverse();
  const known = spellings.filter((s) => s !== email);
  const savedCards = principal.permissions.has("SAVED_CARDS_VIEW") ? await cardsOrReason(deps, known.length ? known : [email]) : null;
  return {
    key: input.key,
    email: latest?.payerEmail ?? email,
    otherSpellings: known.filter((s) => s !== latest?.payerEmail),
    name: rows.find((r) => r.payerName)?.payerName ?? null,
    payments: rows.map(paymentOf),
    notes,
    paymentsTotal: total?.n ?? rows.length,
    recurringTokens: tokens ? tokens.map(paymentOf) : null,
    plans: plans
      ? plans.map(({ plan }) => ({
          id: plan.id,
          description: plan.description,
          amount: moneyOf(plan.amountMinor, plan.currency),
          interval: plan.interval,
          status: plan.status,
          nextChargeAt: plan.status === "active" ? plan.nextChargeAt.toISOString() : null,
          firstPaymentId: plan.firstPaymentId,
        }))
      : null,
    savedCards,
  };
}
