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
import type { ServiceDeps, ServiceContext } from "../deps";
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
  /** The context of a service call made by `principal` with these deps. */
  const as = (principal: Principal, ip: string | null = null): ServiceContext => ({ deps, principal, ip });
  const allBut = (name: string, missing: Permission) =>
    testPrincipal(
      database.db,
      name,
      PERMISSIONS.filter((p) => p !== missing),
    );
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
      ["CAPTURES_CREATE", (p) => capturePayment(as(p), { paymentId: authorized.id, amount: "50.00", idempotencyKey: key() })],
      ["VOIDS_CREATE", (p) => voidPayment(as(p), { paymentId: authorized.id, idempotencyKey: key() })],
      [
        "REFUNDS_CREATE",
        (p) =>
          requestRefund(as(p), { paymentId: captured.id, amount: "1.00", reasonCode: "customer_request", note: "", idempotencyKey: key() }),
      ],
    ];
    for (const [missing, call] of calls)
      expect([missing, await codeOf(call(await allBut(`No ${missing}`, missing)))]).toEqual([missing, "forbidden"]);
    expect(await snapshot()).toEqual(before);
  });

  it("approve or reject a held refund without REFUNDS_APPROVE: forbidden, the refund stays held", async () => {
    const clerk = await testPrincipal(database.db, "Clerk", ["REFUNDS_CREATE"]);
    const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 500_000, auth: false });
    const held = await requestRefund(as(clerk), {
      paymentId: p.id,
      amount: "2000.00",
      reasonCode: "customer_request",
      note: "",
      idempotencyKey: key(),
    });
    expect(held.action.state).toBe("pending_approval");
    const before = await snapshot();
    const other = await allBut("No approve", "REFUNDS_APPROVE");
    expect(await codeOf(approveRefund(as(other), { actionId: held.action.id, note: "" }))).toBe("forbidden");
    expect(await codeOf(rejectRefund(as(other), { actionId: held.action.id, note: "" }))).toBe("forbidden");
    expect(await snapshot()).toEqual(before);
  });

  it("recurring charges and billing plans without RECURRING_CHARGE, sync without TRANSACTIONS_VIEW: forbidden, nothing written", async () => {
    const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 1_000, auth: false });
    const before = await snapshot();
    const noRecurring = await allBut("No recurring", "RECURRING_CHARGE");
    const planId = randomUUID();
    expect(
      await codeOf(
        chargeRecurring(as(noRecurring), {
          firstPaymentId: p.id,
          amount: "1.00",
          description: "x",
          orderId: `o-${key()}`,
          idempotencyKey: key(),
        }),
      ),
    ).toBe("forbidden");
    expect(
      await codeOf(
        createPlan(as(noRecurring), {
          firstPaymentId: p.id,
          amount: "1.00",
          interval: "monthly",
          firstChargeDate: "2099-01-01",
          description: "x",
        }),
      ),
    ).toBe("forbidden");
    expect(await codeOf(pausePlan(as(noRecurring), { planId, reason: "" }))).toBe("forbidden");
    expect(await codeOf(resumePlan(as(noRecurring), { planId }))).toBe("forbidden");
    expect(await codeOf(cancelPlan(as(noRecurring), { planId }))).toBe("forbidden");
    expect(await codeOf(syncPaymentForUser(as(await allBut("No view", "TRANSACTIONS_VIEW")), { paymentId: p.id }))).toBe("forbidden");
    expect(await snapshot()).toEqual(before);
  });
});
