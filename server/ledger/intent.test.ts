// Rule guarded (real databases: PGlite, and CI's Postgres): a payment's intent says what it was asked to do, so
// staff read "Authorization" for an authorize-only payment. The ledger records 'authorize' whenever it learns a
// payment is authorized (a payment made on the merchant's website, found by a sync); a sale that is captured stays
// a sale; and the migration's backfill marks exactly the earlier payments that were authorizations.
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentActions, payments } from "../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../tests/support/db.support";
import { paymentValues } from "../../tests/support/transactions-fixtures.support";
import { advancePayment, findPayment } from "./payments";

const BACKFILL = fs
  .readFileSync(path.join(__dirname, "../db/migrations/0029_payment_intent.sql"), "utf8")
  .split("--> statement-breakpoint")
  .map((s) => s.trim())
  .find((s) => s.startsWith("UPDATE"))!;

describe.each(testDatabaseTargets())("a payment's intent ($name)", (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.open();
  }, 60_000);
  afterAll(async () => {
    await database?.dispose();
  });

  const insert = async (over: Parameters<typeof paymentValues>[0]) =>
    (await database.db.insert(payments).values(paymentValues(over)).returning())[0]!;

  it("becomes 'authorize' when the ledger learns of an authorization; a captured sale stays 'sale'", async () => {
    const now = new Date();
    const external = await insert({ kind: "external", status: "unknown", authorizedMinor: 0, capturedMinor: 0 });
    expect(external.intent).toBe("sale"); // nothing known yet
    const authorized = await advancePayment(database.db, external, { status: "authorized", authorizedMinor: 1000 }, now);
    expect(authorized.intent).toBe("authorize");
    const sale = await insert({ status: "pending", authorizedMinor: 0, capturedMinor: 0 });
    expect((await advancePayment(database.db, sale, { status: "captured", authorizedMinor: 1000, capturedMinor: 1000 }, now)).intent).toBe(
      "sale",
    );
  });

  it("the backfill marks the authorizations made before intents were kept: authorized, voided before capture, or captured by an action", async () => {
    const held = await insert({ status: "authorized", capturedMinor: 0 });
    const voided = await insert({ status: "voided", capturedMinor: 0 });
    const capturedLater = await insert({ status: "captured" });
    await database.db.insert(paymentActions).values({
      paymentId: capturedLater.id,
      type: "capture",
      state: "succeeded",
      amountMinor: 1000,
      currency: "SAR",
      idempotencyKey: `intent-${randomUUID()}`,
      requestHash: "x",
      requestedBy: randomUUID(),
    });
    const sale = await insert({ status: "captured" });
    const voidedSale = await insert({ status: "voided" }); // captured, then voided the same day
    await database.db.execute(sql`update payments set intent = 'sale'`);
    await database.db.execute(sql.raw(BACKFILL));
    const intentOf = async (id: string) => (await findPayment(database.db, id))!.intent;
    expect(await Promise.all([held, voided, capturedLater, sale, voidedSale].map((p) => intentOf(p.id)))).toEqual([
      "authorize",
      "authorize",
      "authorize",
      "sale",
      "sale",
    ]);
    await database.db.delete(paymentActions).where(eq(paymentActions.paymentId, capturedLater.id));
  });
});
