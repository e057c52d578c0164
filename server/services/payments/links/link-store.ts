// Where a payment link's own data lives (the URL the customer opens, the session id and the invoice dates): the
// payments table has no column for them. The store is an interface so that the service does not care; the
// database implementation writes the `payment_links` table inside the caller's transaction.
import "server-only";
import { desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { paymentLinks, payments, type PaymentRow } from "../../../db/schema";

export interface LinkRecord {
  paymentId: string;
  url: string;
  sessionId: string | null;
  issueDate: string;
  expireDate: string;
  /** When staff cancelled the link (null while it is open or once paid). */
  cancelledAt?: Date | null;
}

export interface LinkListRow {
  payment: PaymentRow;
  /** Null when the gateway never gave a link (creation failed). */
  link: LinkRecord | null;
}

export interface LinkStore {
  save(tx: Tx | Db, link: LinkRecord): Promise<void>;
  find(db: Tx | Db, paymentId: string): Promise<LinkRecord | null>;
  /** Newest first: every payment of kind payment_link with its link, when it has one. */
  list(db: Tx | Db, limit: number): Promise<LinkListRow[]>;
}

const toRecord = (r: typeof paymentLinks.$inferSelect): LinkRecord => ({
  paymentId: r.paymentId,
  url: r.url,
  sessionId: r.sessionId,
  issueDate: r.issueDate,
  expireDate: r.expireDate,
  cancelledAt: r.cancelledAt,
});

export const dbLinkStore: LinkStore = {
  async save(tx, link) {
    await tx.insert(paymentLinks).values(link);
  },
  async find(db, paymentId) {
    const [row] = await db.select().from(paymentLinks).where(eq(paymentLinks.paymentId, paymentId)).limit(1);
    return row ? toRecord(row) : null;
  },
  async list(db, limit) {
    const rows = await db
      .select({ payment: payments, link: paymentLinks })
      .from(payments)
      .leftJoin(paymentLinks, eq(paymentLinks.paymentId, payments.id))
      .where(eq(payments.kind, "payment_link"))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(limit);
    return rows.map((r) => ({ payment: r.payment, link: r.link ? toRecord(r.link) : null }));
  },
};
