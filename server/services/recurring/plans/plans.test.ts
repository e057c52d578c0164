// Integration tests of billing plans against the real sandbox over HTTP, on PGlite and (with TEST_POSTGRES_URL) on
// Postgres. Rules and threats guarded, one per test: a due charge is made exactly once even with two schedulers
// racing (double billing); a declined charge is retried after 1, 3 and 7 days and the plan is then paused; an
// approved retry moves the plan to the next cycle on the anchor's schedule; a charge whose outcome is unknown is
// never sent again and only moves the plan once the reconciler has settled it; a pass that died mid-way never
// causes a second charge on restart; pause/resume/cancel follow the status rules (a cancelled plan stays cancelled) and one token has at most one live plan; input is validated on
// the server; a role without RECURRING_CHARGE can neither see nor change plans.
import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, billingPlanCharges, billingPlans, gatewayCalls, gatewayNotifications, payments } from "../../../db/schema";
import { openDatabase } from "../../../db/client";
import { testDatabaseTargets, type TestDatabase } from "../../../../tests/support/db.support";
import { sandboxControl } from "../../../../tests/support/sandbox-flows.support";
import type { ServiceDeps, ServiceContext } from "../../deps";
import type { Principal } from "../../../auth/principal";
import { TEST_ENV, startCallbackSandbox, until } from "../../../../tests/support/notifications.support";
import { reconcileOnce } from "../../sync/reconcile";
import { codeOf, startTestSandbox, testDeps, testPrincipal } from "../../../../tests/support/services.support";
import { cancelPlan } from "./cancel-plan";
import { createPlan } from "./create-plan";
import { listPlans } from "./list-plans";
import { pausePlan } from "./pause-plan";
import { resumePlan } from "./resume-plan";
import { runNewCharge } from "../../saved-cards/new-charge";
import { recurringChargeSpec, recurringFirstPayment } from "../recurring";
import { planChargeOrderId, runDuePlans } from "./run-due-plans";
import { cycleDate, nextCycleAfter } from "./schedule";
import { startOfDayInZone, todayInZone } from "@/lib/transactions/zoned-time";
import { STALE_CLAIM_MS } from "./settle-charge";
import { PLAN_SCHEDULER_PRINCIPAL } from "./system-principal";
import { DAY_MS, movableClock, recurringFirst, startStoringReceiver } from "../../../../tests/support/plans.support";

describe.each(testDatabaseTargets())("billing plans on $name", (target) => {
  let database: TestDatabase;
  let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
  let deps: ServiceDeps;
  /** Today in the business zone: the day plans count in. */
  const today = (now: Date) => todayInZone(deps.config.reportTimeZone, now);
  /** The context of a service call made by `principal` with these deps. */
  const as = (principal: Principal, ip: string | null = null): ServiceContext => ({ deps, principal, ip });
  const clock = movableClock();
  let clerk: Awaited<ReturnType<typeof testPrincipal>>;
  let viewer: Awaited<ReturnType<typeof testPrincipal>>;

  beforeAll(async () => {
    database = await target.open();
    sandbox = await startTestSandbox();
    deps = { ...testDeps(database, sandbox.url, TEST_ENV), now: clock.now };
    clerk = await testPrincipal(database.db, "Clerk", ["RECURRING_CHARGE", "TRANSACTIONS_VIEW"]);
    viewer = await testPrincipal(database.db, "Viewer", ["TRANSACTIONS_VIEW", "SAVED_CARDS_VIEW"]);
  }, 60_000);
  afterAll(async () => {
    await deps?.gateway.close();
    await sandbox?.close();
    await database?.dispose();
  });

  const chargesOf = (planId: string) =>
    database.db.select().from(billingPlanCharges).where(eq(billingPlanCharges.planId, planId)).orderBy(billingPlanCharges.createdAt);
  const planRow = async (planId: string) => (await database.db.select().from(billingPlans).where(eq(billingPlans.id, planId)))[0]!;
  /** Recurring charge calls sent for an order id (status queries of the reconciler are not sends). */
  const sendsOf = async (orderId: string) =>
    (
      await database.db
        .select({ n: count() })
        .from(gatewayCalls)
        .where(and(eq(gatewayCalls.orderId, orderId), inArray(gatewayCalls.operation, ["recurring_v2", "recurring_sale"])))
    )[0]!.n;

  async function duePlan(over: { amount?: string; interval?: "weekly" | "monthly" | "yearly" } = {}) {
    const { first, token } = await recurringFirst(database, deps);
    const plan = await createPlan(as(clerk, "203.0.113.5"), {
      firstPaymentId: first.id,
      amount: over.amount ?? "25.00",
      interval: over.interval ?? "monthly",
      firstChargeDate: today(clock.now()),
      description: "Gym membership",
    });
    return { first, token, plan };
  }

  it("threat: a plan charging SAR 50,000 every month, set up by a slip. Created only once confirmed (audited); its scheduled charges need no second confirmation", async () => {
    const { first } = await recurringFirst(database, deps);
    const input = {
      firstPaymentId: first.id,
      amount: "50000.00",
      interval: "monthly" as const,
      firstChargeDate: today(clock.now()),
      description: "Lease",
    };
    const ask = await createPlan(as(clerk), input).catch((e: unknown) => e);
    expect(ask).toMatchObject({ code: "confirmation_required", confirm: "SAR:5000000" });
    expect(await codeOf(createPlan(as(clerk), { ...input, amount: "1000000.01" }))).toBe("unprocessable");
    const plan = await createPlan({ ...as(clerk), chargeConfirmation: async () => "SAR:5000000" }, input);
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.targetId, plan.id));
    expect(audit!.summary).toMatchObject({ largeChargeConfirmed: true });
    const run = await runDuePlans(deps);
    expect(run.errors).toEqual([]);
    const [charge] = await chargesOf(plan.id);
    expect(charge).toMatchObject({ cycle: 0, outcome: "approved" });
  });

  it("exactly once: two schedulers racing over the same due plans charge each plan once (SKIP LOCKED claim + unique attempt)", async () => {
    const made = await Promise.all([duePlan(), duePlan(), duePlan()]);
    // A second app instance: on Postgres its own connection pool, as another process would have.
    const second = database.url ? await openDatabase({ url: database.url, dataDir: null }) : null;
    const deps2: ServiceDeps = second ? { ...deps, db: second.db } : deps;
    try {
      const [a, b] = await Promise.all([runDuePlans(deps), runDuePlans(deps2)]);
      expect(a.charged.length + b.charged.length).toBe(3);
      expect([...a.errors, ...b.errors]).toEqual([]);
      // Run again (both instances): nothing is due until next month.
      await Promise.all([runDuePlans(deps), runDuePlans(deps2)]);
    } finally {
      await second?.close();
    }
    for (const { plan, first } of made) {
      const charges = await chargesOf(plan.id);
      expect(charges).toHaveLength(1);
      expect(charges[0]).toMatchObject({ cycle: 0, attempt: 0, outcome: "approved", cycleDate: plan.anchorDate });
      const ledger = await database.db
        .select()
        .from(payments)
        .where(and(eq(payments.parentPaymentId, first.id), eq(payments.kind, "recurring")));
      expect(ledger).toHaveLength(1);
      expect(ledger[0]).toMatchObject({
        id: charges[0]!.paymentId,
        status: "captured",
        amountMinor: 2_500,
        currency: "SAR",
        orderId: charges[0]!.orderId,
      });
      expect(await sendsOf(charges[0]!.orderId)).toBe(1);
      const after = await planRow(plan.id);
      expect(after).toMatchObject({ status: "active", cycle: 1, attempt: 0, inFlightChargeId: null, lastChargeId: charges[0]!.id });
      // Due at midnight of the cycle's date in the business zone.
      expect(after.nextChargeAt).toEqual(startOfDayInZone(cycleDate(plan.anchorDate, "monthly", 1), deps.config.reportTimeZone));
      const audits = await database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, plan.id));
      expect(audits.map((x) => x.action)).toEqual(
        expect.arrayContaining(["billing_plan.create", "billing_plan.charge.claim", "billing_plan.charge.approved"]),
      );
      // The charge itself is audited like any new charge, by the scheduler's system principal.
      const paymentAudits = await database.db.select().from(auditLog).where(eq(auditLog.targetId, ledger[0]!.id));
      expect(paymentAudits.map((x) => [x.action, x.actorEmail])).toEqual([
        ["recurring.plan_charge.start", "system:billing-plan-scheduler"],
        ["recurring.plan_charge.captured", "system:billing-plan-scheduler"],
      ]);
    }
  });

  it("a declined charge is retried 1, 3 and 7 days after each decline, then the plan is paused; resumed, it tries again as a new attempt", async () => {
    const { plan, token } = await duePlan({ amount: "30" });
    await sandboxControl(sandbox.url).declineNext(token, 4);
    const expectDeclined = async (n: number, retryInMs: number | null) => {
      const charges = await chargesOf(plan.id);
      expect(charges).toHaveLength(n);
      const last = charges[n - 1]!;
      expect(last).toMatchObject({ cycle: 0, attempt: n - 1, outcome: "declined", declineReason: "Insufficient funds" });
      const row = await planRow(plan.id);
      expect(row.attempt).toBe(n);
      if (retryInMs === null) {
        expect(last.nextRetryAt).toBeNull();
        expect(row.status).toBe("paused");
        // Stored as a keyed message (said in the reader's language by the plans page), the gateway's words kept as they came.
        expect(row.pauseReason).toBe("retriesUsedUp?attempts=4&reason=Insufficient+funds");
      } else {
        expect(row.status).toBe("active");
        expect(last.nextRetryAt!.getTime() - last.resolvedAt!.getTime()).toBe(retryInMs);
        expect(row.nextChargeAt.getTime()).toBe(last.nextRetryAt!.getTime());
      }
    };
    await runDuePlans(deps);
    await expectDeclined(1, DAY_MS);
    clock.advance(DAY_MS - 60_000); // not yet due: nothing happens
    await runDuePlans(deps);
    expect(await chargesOf(plan.id)).toHaveLength(1);
    clock.advance(60_000);
    await runDuePlans(deps);
    await expectDeclined(2, 3 * DAY_MS);
    clock.advance(3 * DAY_MS);
    await runDuePlans(deps);
    await expectDeclined(3, 7 * DAY_MS);
    clock.advance(7 * DAY_MS);
    await runDuePlans(deps);
    await expectDeclined(4, null);
    // Paused: no further attempt, however much time passes.
    clock.advance(20 * DAY_MS);
    await runDuePlans(deps);
    expect(await chargesOf(plan.id)).toHaveLength(4);
    // Resumed: the unpaid cycle is tried again at once, as a new attempt (never reusing an earlier attempt's order id).
    await resumePlan(as(clerk), { planId: plan.id });
    await runDuePlans(deps);
    const charges = await chargesOf(plan.id);
    expect(charges.map((c) => [c.cycle, c.attempt, c.outcome])).toEqual([
      [0, 0, "declined"],
      [0, 1, "declined"],
      [0, 2, "declined"],
      [0, 3, "declined"],
      [0, 4, "approved"],
    ]);
    expect(await planRow(plan.id)).toMatchObject({
      status: "active",
      cycle: nextCycleAfter(plan.anchorDate, "monthly", 0, clock.now(), deps.config.reportTimeZone),
      attempt: 0,
    });
    const failed = (await listPlans(as(clerk))).failed.filter((f) => f.planId === plan.id);
    expect(failed).toHaveLength(4);
    expect(failed.every((f) => f.reason === "Insufficient funds")).toBe(true);
    const audits = await database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, plan.id));
    expect(audits.filter((a) => a.action === "billing_plan.charge.declined")).toHaveLength(4);
    expect(audits.map((a) => a.action)).toContain("billing_plan.pause");
  });

  it("an approved retry pays the cycle and the next date stays on the anchor's schedule (not shifted by the retry)", async () => {
    const { plan, token } = await duePlan({ amount: "12.50" });
    await sandboxControl(sandbox.url).declineNext(token, 1);
    await runDuePlans(deps);
    expect((await planRow(plan.id)).attempt).toBe(1);
    clock.advance(DAY_MS);
    await runDuePlans(deps);
    const charges = await chargesOf(plan.id);
    expect(charges.map((c) => [c.attempt, c.outcome])).toEqual([
      [0, "declined"],
      [1, "approved"],
    ]);
    const row = await planRow(plan.id);
    expect(row).toMatchObject({ cycle: 1, attempt: 0, status: "active" });
    expect(row.nextChargeAt).toEqual(startOfDayInZone(cycleDate(plan.anchorDate, "monthly", 1), deps.config.reportTimeZone));
  });

  it("an unknown outcome is never sent again: the plan waits until the reconciler has settled the payment", async () => {
    const receiver = await startStoringReceiver(() => cbDeps);
    const cbSandbox = await startCallbackSandbox(receiver.url);
    const cbDeps: ServiceDeps = { ...testDeps(database, cbSandbox.url, TEST_ENV), now: clock.now };
    try {
      const { first } = await recurringFirst(database, cbDeps);
      const plan = await createPlan(
        { deps: cbDeps, principal: clerk, ip: null },
        { firstPaymentId: first.id, amount: "40", interval: "weekly", firstChargeDate: today(clock.now()), description: "Weekly box" },
      );
      // The sandbox makes the charge, then the answer is lost: the worst case for double charging.
      await sandboxControl(cbSandbox.url).addFault({ operation: "recurring_v2", fault: "http_500", times: 1, phase: "after" });
      await runDuePlans(cbDeps);
      const [charge] = await chargesOf(plan.id);
      expect(charge).toMatchObject({ outcome: "unknown" });
      const [pay] = await database.db.select().from(payments).where(eq(payments.orderId, charge!.orderId));
      expect(pay!.status).toBe("unknown");
      expect((await planRow(plan.id)).inFlightChargeId).toBe(charge!.id);
      // Later passes, even days later, neither resend nor start a new attempt.
      clock.advance(2 * DAY_MS);
      await runDuePlans(cbDeps);
      await runDuePlans(cbDeps);
      expect(await chargesOf(plan.id)).toHaveLength(1);
      expect(await sendsOf(charge!.orderId)).toBe(1);
      // The gateway's notification is stored (not processed); the reconciler processes it and confirms the payment.
      await until(
        async () =>
          (await database.db.select().from(gatewayNotifications).where(eq(gatewayNotifications.orderId, charge!.orderId))).length > 0,
      );
      await reconcileOnce(cbDeps, { retryAfterMs: 0 });
      const [settled] = await database.db.select().from(payments).where(eq(payments.orderId, charge!.orderId));
      expect(settled!.status).toBe("captured");
      const r = await runDuePlans(cbDeps);
      expect(r.settled.filter((x) => x.planId === plan.id)).toEqual([{ planId: plan.id, chargeId: charge!.id, result: "approved" }]);
      expect(await planRow(plan.id)).toMatchObject({ cycle: 1, attempt: 0, inFlightChargeId: null });
      expect(await sendsOf(charge!.orderId)).toBe(1);
    } finally {
      await cbDeps.gateway.close();
      await cbSandbox.close();
      await receiver.close();
    }
  }, 30_000);

  it("a restart never charges an attempt twice: a claim left without a payment is made once, a made charge is only settled", async () => {
    // What a pass that died leaves behind: the claim row and the plan's in-flight mark (written in one transaction).
    const leaveClaim = async (planId: string, ageMs: number) => {
      const plan = await planRow(planId);
      const at = new Date(clock.now().getTime() - ageMs);
      const [claim] = await database.db
        .insert(billingPlanCharges)
        .values({
          planId,
          cycle: 0,
          attempt: 0,
          cycleDate: plan.anchorDate,
          orderId: planChargeOrderId(planId, 0, 0),
          idempotencyKey: `plan_${planId}_cycle_0_attempt_0`,
          amountMinor: plan.amountMinor,
          createdAt: at,
        })
        .returning();
      await database.db.update(billingPlans).set({ inFlightChargeId: claim!.id }).where(eq(billingPlans.id, planId));
      return claim!;
    };
    // (a) Died after the claim, before the ledger payment: no payment means no gateway call was made.
    const a = await duePlan();
    const claimA = await leaveClaim(a.plan.id, 1_000);
    await runDuePlans(deps); // too fresh to tell from a pass still running: left alone
    expect(await sendsOf(claimA.orderId)).toBe(0);
    clock.advance(STALE_CLAIM_MS);
    const r = await runDuePlans(deps);
    // (Other tests' plans may fall due as the shared clock moves: only this plan's entries are looked at.)
    expect(r.charged.filter((c) => c.planId === a.plan.id)).toEqual([
      { planId: a.plan.id, chargeId: claimA.id, orderId: claimA.orderId, result: "approved" },
    ]);
    expect(await sendsOf(claimA.orderId)).toBe(1);
    // (b) Died after the gateway answered, before the plan moved on: the next pass settles, it does not resend.
    const b = await duePlan();
    const claimB = await leaveClaim(b.plan.id, 0);
    const first = await recurringFirstPayment(database.db, b.first.id);
    await runNewCharge(
      as(PLAN_SCHEDULER_PRINCIPAL),
      recurringChargeSpec(deps.gateway, first, {
        auditAction: "recurring.plan_charge",
        orderId: claimB.orderId,
        amountMinor: 2_500,
        description: "Gym membership",
        interface: "v2",
        idempotencyKey: claimB.idempotencyKey,
      }),
    );
    const r2 = await runDuePlans(deps);
    expect(r2.settled.filter((c) => c.planId === b.plan.id)).toEqual([{ planId: b.plan.id, chargeId: claimB.id, result: "approved" }]);
    expect(r2.charged.filter((c) => c.planId === b.plan.id)).toEqual([]);
    expect(await sendsOf(claimB.orderId)).toBe(1);
    expect(await planRow(b.plan.id)).toMatchObject({ cycle: 1, inFlightChargeId: null });
  });

  it("pause, resume and cancel follow the status rules; a paused plan is not charged; a cancelled one cannot come back", async () => {
    const { plan, first } = await duePlan();
    expect((await pausePlan(as(clerk), { planId: plan.id, reason: "Customer on holiday" })).status).toBe("paused");
    expect(await codeOf(pausePlan(as(clerk), { planId: plan.id }))).toBe("conflict");
    await runDuePlans(deps);
    expect(await chargesOf(plan.id)).toHaveLength(0);
    const resumed = await resumePlan(as(clerk), { planId: plan.id });
    expect(resumed).toMatchObject({ status: "active", pauseReason: null, attempt: 0 });
    expect(await codeOf(resumePlan(as(clerk), { planId: plan.id }))).toBe("conflict");
    expect((await cancelPlan(as(clerk), { planId: plan.id })).status).toBe("cancelled");
    expect(await codeOf(resumePlan(as(clerk), { planId: plan.id }))).toBe("conflict");
    expect(await codeOf(pausePlan(as(clerk), { planId: plan.id }))).toBe("conflict");
    expect(await codeOf(cancelPlan(as(clerk), { planId: plan.id }))).toBe("conflict");
    await runDuePlans(deps);
    expect(await chargesOf(plan.id)).toHaveLength(0);
    // One live plan per token: after the cancel a new one may be created, but not a second live one.
    const input = {
      firstPaymentId: first.id,
      amount: "10",
      interval: "yearly" as const,
      firstChargeDate: today(new Date(clock.now().getTime() + 5 * DAY_MS)),
      description: "Annual",
    };
    expect((await createPlan(as(clerk), input)).status).toBe("active");
    expect(await codeOf(createPlan(as(clerk), input))).toBe("conflict");
    const audits = await database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, plan.id));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(["billing_plan.pause", "billing_plan.resume", "billing_plan.cancel"]),
    );
  });

  it("refuses bad input on the server: a past first date, decimals with the form interface, an unknown token", async () => {
    const { first } = await recurringFirst(database, deps);
    const base = {
      firstPaymentId: first.id,
      amount: "10",
      interval: "monthly" as const,
      firstChargeDate: today(clock.now()),
      description: "Plan",
    };
    expect(await codeOf(createPlan(as(clerk), { ...base, firstChargeDate: today(new Date(clock.now().getTime() - DAY_MS)) }))).toBe(
      "invalid_request",
    );
    expect(await codeOf(createPlan(as(clerk), { ...base, amount: "10.50", interface: "form" }))).toBe("invalid_request");
    expect(await codeOf(createPlan(as(clerk), { ...base, firstChargeDate: "2025-02-30" }))).toBe("invalid_request");
    expect(await codeOf(createPlan(as(clerk), { ...base, firstPaymentId: "0b5a43d6-7c43-4e8e-9d0e-3b1f4a2c9e11" }))).toBe("not_found");
    expect(await codeOf(createPlan(as(clerk), { ...base, amount: "0" }))).toBe("invalid_request");
  });

  it("a role without RECURRING_CHARGE can neither list, create, pause, resume nor cancel plans", async () => {
    const { plan, first } = await duePlan();
    expect(await codeOf(listPlans(as(viewer)))).toBe("forbidden");
    expect(
      await codeOf(
        createPlan(as(viewer), {
          firstPaymentId: first.id,
          amount: "1",
          interval: "weekly",
          firstChargeDate: today(clock.now()),
          description: "x",
        }),
      ),
    ).toBe("forbidden");
    expect(await codeOf(pausePlan(as(viewer), { planId: plan.id }))).toBe("forbidden");
    expect(await codeOf(resumePlan(as(viewer), { planId: plan.id }))).toBe("forbidden");
    expect(await codeOf(cancelPlan(as(viewer), { planId: plan.id }))).toBe("forbidden");
    expect((await planRow(plan.id)).status).toBe("active");
  });
});
