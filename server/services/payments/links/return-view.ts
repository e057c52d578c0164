// What the customer sees on the public return page after a payment link's hosted checkout: the merchant, the
// amount, the order, the product line and the outcome as the LEDGER knows it (the redirect's own `result` is only
// a hint while the gateway's confirmation is on its way). No session: the page is the customer's. It shows
// nothing about the customer (no e-mail, name or card), and for an id that is not a payment link it returns null
// so the page stays neutral and says nothing about what exists.
import "server-only";
import { isCurrencyCode, type Money } from "@/lib/money";
import { z } from "zod";
import { findPayment } from "../../../ledger/payments";
import type { ServiceDeps } from "../../deps";
import { defaultLinkDescription } from "./create-link";
import { dbLinkStore } from "./link-store";

export type ReturnOutcome = "paid" | "authorized" | "refunded" | "not_paid" | "cancelled" | "confirming";

export interface LinkReturnView {
  merchantName: string;
  orderId: string;
  description: string | null;
  amount: Money;
  outcome: ReturnOutcome;
  /** When the ledger last moved the payment (the moment of payment once paid). */
  updatedAt: string;
}

const uuid = z.uuid();

export async function linkReturnView(
  deps: Pick<ServiceDeps, "db" | "config">,
  paymentId: string | undefined,
): Promise<LinkReturnView | null> {
  if (!paymentId || !uuid.safeParse(paymentId).success) return null;
  const p = await findPayment(deps.db, paymentId);
  if (!p || p.kind !== "payment_link" || !isCurrencyCode(p.currency)) return null;
  const link = await dbLinkStore.find(deps.db, p.id);
  if (!link) return null;
  return {
    merchantName: deps.config.merchantName,
    orderId: p.orderId,
    description: p.description && p.description !== defaultLinkDescription(p.orderId) ? p.description : null,
    amount: { minor: p.amountMinor, currency: p.currency },
    outcome: outcomeOf(p.status, Boolean(link.cancelledAt)),
    updatedAt: p.updatedAt.toISOString(),
  };
}

function outcomeOf(status: string, cancelled: boolean): ReturnOutcome {
  switch (status) {
    case "captured":
    case "partially_refunded":
      return "paid";
    case "authorized":
      return "authorized";
    case "refunded":
    case "voided":
      return "refunded";
    case "declined":
      return "not_paid";
    case "failed":
      return cancelled ? "cancelled" : "not_paid";
    default:
      return "confirming";
  }
}
