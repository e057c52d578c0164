// Threats guarded: a money service trusting the route wrapper alone (a page, a script or a new route calling it
// directly would move money without the permission). Each service that moves money or decides on it is called
// with a user holding every permission but the one it needs: it answers "forbidden" and writes nothing (no action,
// no payment change, no audit row, no gateway call).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSIONS, type Permission } from "@/lib/permissions";
import type { Principal } from "../../auth/principal";
import { auditLog, billingPlans, gatewayCalls, paymentActions, payments } from "../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import type { ServiceDeps } from "../deps";
import { cancelPlan } from "../recurring/plans/cancel-plan";
import { createPlan } from "../recurring/plans/create-plan";
import { pausePlan } from "../recurring/plans/pause-plan";
import { resumePlan } from "../recurring/plans/resume-plan";
import { chargeRecurring } from "../recurring/recurring";
import { approveRefund, rejectRefund } from "../refunds/approve-refund";
import { requestRefund } from "../refunds/request-refund";
import { syncPaymentForUser } from "../sync/sync-for-user";
import { codeOf, startTestSandbox, testDeps, testPrincipal } from "../../../tests/support/services.support";
import { capturePayment } from "./capture-payment";
import { paymentOnSandbox } from "../../../tests/support/ledger.support";
import { voidPayment } from "./void-payment";

const key = () => `k_${randomUUID().replace(/-/g, "")}`;

describe.each(testDatabaseTargets())("money services check their own permission on $name", (target) => {
  let database: TestDatabase;
  let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
  let deps: ServiceDeps;
  const allBut = (name: string, missing: Permission) => testPrincipal(database.db, name, PERMISSIONS.filter((p) => p !== missing));
  const snapshot = async () => ({
    payments: await database.db.select().from(payments),
    actions: await database.db.select().from(paymentActions),
    plans: await database.db.select().from(billingPlans),
    audit: (await database.db.select({ id: auditLog.id }).from(auditLog)).length,
    calls: (await database.db.select({ id: gatewayCalls.id }).from(gatewayCalls)).length,
  });

  beforeAll(async () => {
    database = await target.open();
    sandbox = await startTestSandbox();
    deps = testDeps(database, sandbox.url);
  }, 60_000);
  afterAll(async () => {
    await deps?.gateway.close();
    await sandbox?.close();
    await database?.dispose();
  });

  it("capture without CAPTURES_CREATE, void without VOIDS_CREATE, refund without REFUNDS_CREATE: forbidden, nothing written", async () => {
    const authorized = await paymentOnSandbox(database.db, deps.gateway, { minor: 5_000, auth: true });
    const captured = await paymentOnSandbox(database.db, deps.gateway, { minor: 5_000, auth: false });
    const before = await snapshot();
    const calls: Array<[Permission, (p: Principal) => Promise<unknown>]> = [
      ["CAPTURES_CREATE", (p) => capturePayment(deps, p, authorized.id, { amount: "50.00", idempotencyKey: key() }, null)],
      ["VOIDS_CREATE", (p) => voidPayment(deps, p, authorized.id, { idempotencyKey: key() }, null)],
      ["REFUNDS_CREATE", (p) => requestRefund(deps, p, captured.id, { amount: "1.00", reasonCode: "customer_request", note: "", idempotencyKey: key() }, null)],
    ];
    for (const [missing, call] of calls) expect([missing, await codeOf(call(await allBut(`No ${missing}`, missing)))]).toEqual([missing, "forbidden"]);
    expect(await snapshot()).toEqual(before);
  });

  it("approve or reject a held refund without REFUNDS_APPROVE: forbidden, the refund stays held", async () => {
    const clerk = await testPrincipal(database.db, "Clerk", ["REFUNDS_CREATE"]);
    const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 500_000, auth: false });
    const held = await requestRefund(deps, clerk, p.id, { amount: "2000.00", reasonCode: "customer_request", note: "", idempotencyKey: key() }, null);
    expect(held.action.state).toBe("pending_approval");
    const before = await snapshot();
    const other = await allBut("No approve", "REFUNDS_APPROVE");
    expect(await codeOf(approveRefund(deps, other, held.action.id, "", null))).toBe("forbidden");
    expect(await codeOf(rejectRefund(deps, other, held.action.id, "", null))).toBe("forbidden");
    expect(await snapshot()).toEqual(before);
  });

  it("recurring charges and billing plans without RECURRING_CHARGE, sync without TRANSACTIONS_VIEW: forbidden, nothing written", async () => {
    const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 1_000, auth: false });
    const before = await snapshot();
    const noRecurring = await allBut("No recurring", "RECURRING_CHARGE");
    const planId = randomUUID();
    expect(await codeOf(chargeRecurring(deps, noRecurring, { firstPaymentId: p.id, amount: "1.00", description: "x", orderId: `o-${key()}`, idempotencyKey: key() }, null))).toBe("forbidden");
    expect(await codeOf(createPlan(deps, noRecurring, { firstPaymentId: p.id, amount: "1.00", interval: "monthly", firstChargeDate: "2099-01-01", description: "x" }, null))).toBe("forbidden");
    expect(await codeOf(pausePlan(deps, noRecurring, planId, { reason: "" }, null))).toBe("forbidden");
    expect(await codeOf(resumePlan(deps, noRecurring, planId, null))).toBe("forbidden");
    expect(await codeOf(cancelPlan(deps, noRecurring, planId, null))).toBe("forbidden");
    expect(await codeOf(syncPaymentForUser(deps, await allBut("No view", "TRANSACTIONS_VIEW"), p.id, null))).toBe("forbidden");
    expect(await snapshot()).toEqual(before);
  });
});
