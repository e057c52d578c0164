// Test support for the transactions services: payments inserted straight into the ledger with chosen times and
// amounts (the list reads the ledger, however the rows got there).
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../server/db/client";
import { payments } from "../../server/db/schema";
import type { NewPayment } from "../../server/ledger/payments";

let seq = 0;

export function paymentValues(p: Partial<NewPayment> = {}): NewPayment {
  seq += 1;
  return {
    orderId: `ord-${seq}-${randomUUID().slice(0, 8)}`,
    gatewayId: `gw-${randomUUID()}`,
    kind: "sale",
    status: "captured",
    currency: "SAR",
    amountMinor: 1000,
    authorizedMinor: p.amountMinor ?? 1000,
    capturedMinor: p.amountMinor ?? 1000,
    payerEmail: "payer@example.com",
    cardLast4: "1111",
    createdAt: new Date("2024-03-01T12:00:00Z"),
    ...p,
  };
}

export async function seedPayments(db: Db, rows: Array<Partial<NewPayment>>) {
  if (rows.length === 0) return [];
  return db.insert(payments).values(rows.map(paymentValues)).returning();
}

/** Set created_at with microsecond precision (a JS Date only holds milliseconds). */
export async function setCreatedAtText(db: Db, id: string, timestamp: string) {
  await db.execute(sql`update payments set created_at = ${timestamp}::timestamptz where id = ${id}::uuid`);
}

export async function clearPayments(db: Db) {
  await db.execute(sql`delete from payment_notes`);
  await db.execute(sql`delete from payments`);
}
