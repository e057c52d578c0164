// Rule guarded: a new payment whose process died between its gateway call and the record of the answer must not
// stay "pending" (answering "still being processed" forever): once no answer can still come, the reconciler makes it
// "unknown" (never "failed": the gateway may have taken the money), with a system audit row. A payment link waits
// for its customer and is left alone, as is a payment still within the window of its gateway call.
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, payments } from "../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { findPayment, insertPayment } from "../../ledger/payments";
import type { ServiceDeps } from "../deps";
import { unknownOutcomeGraceMs } from "../payments/money-action";
import { startTestSandbox, testDeps } from "../../../tests/support/services.support";
import { reconcileOnce } from "./reconcile";
import { testLogger } from "../../../tests/support/notifications.support";

describe.each(testDatabaseTargets())("stranded new payments ($name)", (target) => {
  let database: TestDatabase;
  let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
  let deps: ServiceDeps;

  beforeAll(async () => {
    database = await target.open();
    sandbox = await startTestSandbox();
    deps = testDeps(database, sandbox.url);
  });
  afterAll(async () => {
    await deps?.gateway.close();
    await sandbox?.close();
    await database?.dispose();
  });

  let seq = 0;
  const pending = (kind: string, updatedAt: Date) =>
    insertPayment(deps.db, {
      orderId: `stranded-${Date.now().toString(36)}-${++seq}`,
      kind,
      status: "pending",
      currency: "SAR",
      amountMinor: 1000,
      createdAt: updatedAt,
      updatedAt,
    });

  it("after the grace period: pending sales, token sales and recurring charges become unknown; links and recent ones stay", async () => {
    const long = new Date(deps.now().getTime() - unknownOutcomeGraceMs(deps) - 1_000);
    const stranded = await Promise.all(["sale", "s2s_sale", "token_sale", "recurring"].map((k) => pending(k, long)));
    const link = await pending("payment_link", long);
    const recent = await pending("token_sale", new Date());

    await reconcileOnce(deps, { logger: testLogger().logger });

    for (const p of stranded) expect((await findPayment(deps.db, p.id))?.status).toBe("unknown");
    expect((await findPayment(deps.db, link.id))?.status).toBe("pending");
    expect((await findPayment(deps.db, recent.id))?.status).toBe("pending");
    const audits = await deps.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "payment.stranded"),
          inArray(
            auditLog.targetId,
            stranded.map((p) => p.id),
          ),
        ),
      );
    expect(audits).toHaveLength(stranded.length);
    expect(audits.every((a) => a.actorId === null)).toBe(true);
    // A second pass changes nothing more.
    await reconcileOnce(deps, { logger: testLogger().logger });
    const again = await deps.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "payment.stranded"),
          inArray(
            auditLog.targetId,
            stranded.map((p) => p.id),
          ),
        ),
      );
    expect(again).toHaveLength(stranded.length);
    expect((await deps.db.select().from(payments).where(eq(payments.id, link.id)))[0]?.status).toBe("pending");
  });
});
