// A customer's opaque key: the id of the customer's first payment in the ledger (customers are payer e-mails,
// case-insensitively). The page's URL then carries no e-mail (URLs land in access logs, browser history and
// referrers), the key needs no new table, it never changes (payments are never deleted), and it resolves with one
// primary-key read. Any payment id of the customer resolves to the same customer; the list links the first one.
import "server-only";
import { asc } from "drizzle-orm";
import { z } from "zod";
import { payments } from "../../db/schema";
import { findPayment } from "../../ledger/payments";
import type { ServiceDeps } from "../deps";
import { sameEmail } from "./same-email";

const uuid = z.uuid();

/** The key of the customer with this e-mail (any case), or null when the ledger has no payment from it. */
export async function customerKeyOf(deps: Pick<ServiceDeps, "db">, email: string): Promise<string | null> {
  const [first] = await deps.db
    .select({ id: payments.id })
    .from(payments)
    .where(sameEmail(email))
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(1);
  return first?.id ?? null;
}

/** The lower-cased e-mail a key stands for, or null for a key that names no customer. */
export async function emailOfKey(deps: Pick<ServiceDeps, "db">, key: string): Promise<string | null> {
  if (!uuid.safeParse(key).success) return null;
  const p = await findPayment(deps.db, key);
  return p?.payerEmail ? p.payerEmail.toLowerCase() : null;
}
