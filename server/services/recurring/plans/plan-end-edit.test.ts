// Integration tests of a billing plan's end and of editing a live plan, against the real sandbox over HTTP, on
// PGlite and (with TEST_POSTGRES_URL) on Postgres. Rules and threats guarded, one per test:
//   - a plan of N charges charges exactly N times, then ends by itself (completed, audited) and is never charged again
//     (over-billing past what the customer agreed to);
//   - an end date stops a plan: no charge is made for a cycle after it, nor once it has passed (a plan resumed late);
//   - an edit of the amount applies from the next charge on and never changes a charge already claimed; it is audited
//     with the plan before and after;
//   - an edit of the charge date moves the next charge and the ones after it;
//   - refused edits: an ended or cancelled plan, an end before the next charge, fewer charges than already made, an
//     amount over MAX_CHARGE, a raise above CHARGE_CONFIRM_ABOVE without the large-charge confirmation, the charge
//     date moved while a charge is in flight or into the past; create refuses an end date and a number of charges
//     together;
//   - a role without RECURRING_CHARGE cannot edit a plan.
// The clock is the test's (ServiceDeps.now): days pass in an instant.
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, billingPlanCharges, billingPlans, payments } from "../../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../../tests/support/db.support";
import type { ServiceDeps, ServiceContext } from "../../deps";
import type { Principal } from "../../../auth/principal";
import { TEST_ENV } from "../../../../tests/support/notifications.support";
import { codeOf, startTestSandbox, testDeps, testPrincipal } from "../../../../tests/support/services.support";
import { todayInZone, startOfDayInZone } from "@/lib/transactions/zoned-time";
import { DAY_MS, movableClock, recurringFirst } from "../../../../tests/support/plans.support";
import type { CreatePlanInput } from "@/lib/schemas/billing-plans";
import { cancelPlan } from "./cancel-plan";
import { createPlan } from "./create-plan";
import { editPlan } from "./edit-plan";
import { pausePlan } from "./pause-plan";
import { resumePlan } from "./resume-plan";
import { planChargeOrderId, runDuePlans } from "./run-due-plans";
import { cycleDate } from "./schedule";
import { STALE_CLAIM_MS } from "./settle-charge";

describe.each(testDatabaseTargets())("billing plan end and edit on $name", (target) => {
  let database: TestDatabase;
  let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
  let deps: ServiceDeps;
  const clock = movableClock();
  const today = () => todayInZone(deps.config.reportTimeZone, clock.now());
  const dayAfter = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
  const as = (principal: Principal): ServiceContext => ({ deps, principal, ip: "203.0.113.9" });
  let clerk: Principal;
  let viewer: Principal;

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

  const planRow = async (id: string) => (await database.db.select().from(billingPlans).where(eq(billingPlans.id, id)))[0]!;
  const chargesOf = (id: string) =>
    database.db.select().from(billingPlanCharges).where(eq(billingPlanCharges.planId, id)).orderBy(billingPlanCharges.createdAt);
  const auditsOf = (id: string, action: string) =>
    database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, action)))
      .orderBy(desc(auditLog.at));
  const paymentOf = async (id: string | null) => (await database.db.select().from(payments).where(eq(payments.id, id!)))[0]!;

  async function newPlan(over: Partial<CreatePlanInput> = {}) {
    const { first } = await recurringFirst(database, deps);
    const plan = await createPlan(as(clerk), {
      firstPaymentId: first.id,
      amount: "25.00",
      interval: "weekly",
      firstChargeDate: today(),
      description: "Gym membership",
      ...over,
    });
    return { first, plan };
  }
  const edit = (planId: string, over: Record<string, unknown>, ctx: ServiceContext = as(clerk)) =>
    planRow(planId).then((p) =>
      editPlan(ctx, {
        planId,
        amount: (p.amountMinor / 100).toFixed(2),
        nextChargeDate: cycleDate(p.anchorDate, p.interval as "weekly", p.cycle - p.anchorCycle),
        ...over,
      }),
    );
  /** A pass of the scheduler that must not fail. */
  const pass = async () => {
    const r = await runDuePlans(deps);
    expect(r.errors).toEqual([]);
    return r;
  };

  it("a plan of 3 charges charges exactly 3 times, then ends by itself (completed, audited) and is never charged again", async () => {
    const { plan } = await newPlan({ cycles: 3 });
    expect(plan).toMatchObject({ maxCharges: 3, endDate: null, chargesMade: 0 });
    for (let week = 0; week < 3; week++) {
      await pass();
      expect((await planRow(plan.id)).chargesMade).toBe(week + 1);
      clock.advance(7 * DAY_MS);
    }
    const ended = await planRow(plan.id);
    expect(ended).toMatchObject({ status: "completed", chargesMade: 3, inFlightChargeId: null });
    const [complete] = await auditsOf(plan.id, "billing_plan.complete");
    expect(complete!.summary).toMatchObject({ from: "active", to: "completed", reason: "cycles", chargesMade: 3, maxCharges: 3 });
    expect(complete!.actorEmail).toBe("system:billing-plan-scheduler");
    // Weeks later the scheduler still makes no fourth charge.
    clock.advance(14 * DAY_MS);
    await pass();
    const charges = await chargesOf(plan.id);
    expect(charges.map((c) => [c.cycle, c.outcome])).toEqual([
      [0, "approved"],
      [1, "approved"],
      [2, "approved"],
    ]);
    // Ended: it can neither be resumed nor edited, and its token may get a new plan.
    expect(await codeOf(resumePlan(as(clerk), { planId: plan.id }))).toBe("conflict");
    expect(await codeOf(edit(plan.id, { amount: "30.00" }))).toBe("conflict");
    await createPlan(as(clerk), {
      firstPaymentId: plan.firstPaymentId,
      amount: "25.00",
      interval: "weekly",
      firstChargeDate: dayAfter(today(), 30),
      description: "Gym membership, second year",
    }).then((p) => cancelPlan(as(clerk), { planId: p.id }));
  }, 30_000);

  it("an end date stops a plan: no charge for a cycle after that day, nor once the day has passed", async () => {
    // Monthly from today, last charge allowed on the second cycle's date: two charges, then it ends.
    const start = today();
    const { plan } = await newPlan({ interval: "monthly", endDate: cycleDate(start, "monthly", 1) });
    await pass();
    expect((await planRow(plan.id)).status).toBe("active");
    clock.advance(Date.parse(`${cycleDate(start, "monthly", 1)}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`));
    await pass();
    expect(await planRow(plan.id)).toMatchObject({ status: "completed", chargesMade: 2 });
    expect((await auditsOf(plan.id, "billing_plan.complete"))[0]!.summary).toMatchObject({ reason: "end_date" });
    expect(await chargesOf(plan.id)).toHaveLength(2);

    // A paused plan whose end date passes meanwhile: resumed late, it is completed by the next pass, not charged.
    const late = await newPlan({ firstChargeDate: dayAfter(today(), 3), endDate: dayAfter(today(), 3) });
    await pausePlan(as(clerk), { planId: late.plan.id });
    clock.advance(10 * DAY_MS);
    await resumePlan(as(clerk), { planId: late.plan.id });
    const r = await pass();
    expect(r.ended).toContain(late.plan.id);
    expect(await planRow(late.plan.id)).toMatchObject({ status: "completed", chargesMade: 0 });
    expect(await chargesOf(late.plan.id)).toHaveLength(0);
  }, 30_000);

  it("an edit of the amount applies from the next charge on, never to a charge already claimed, and is audited with before and after", async () => {
    const { plan } = await newPlan();
    // A claim left by a pass that died before the payment (claimed at SAR 25.00): driven again later.
    const [claim] = await database.db
      .insert(billingPlanCharges)
      .values({
        planId: plan.id,
        cycle: 0,
        attempt: 0,
        cycleDate: plan.anchorDate,
        orderId: planChargeOrderId(plan.id, 0, 0),
        idempotencyKey: `plan_${plan.id}_cycle_0_attempt_0`,
        amountMinor: 2_500,
        createdAt: new Date(clock.now().getTime() - STALE_CLAIM_MS),
      })
      .returning();
    await database.db.update(billingPlans).set({ inFlightChargeId: claim!.id }).where(eq(billingPlans.id, plan.id));

    const edited = await edit(plan.id, { amount: "30.00", end: "cycles", cycles: 5 });
    expect(edited).toMatchObject({ amountMinor: 3_000, maxCharges: 5, endDate: null });
    const [audit] = await auditsOf(plan.id, "billing_plan.edit");
    expect(audit!.actorId).toBe(clerk.userId);
    expect(audit!.summary).toMatchObject({
      currency: "SAR",
      before: { amountMinor: 2_500, nextChargeDate: plan.anchorDate, endDate: null, maxCharges: null },
      after: { amountMinor: 3_000, nextChargeDate: plan.anchorDate, endDate: null, maxCharges: 5 },
      chargeInFlight: true,
    });

    await pass();
    const [first] = await chargesOf(plan.id);
    expect(first).toMatchObject({ outcome: "approved", amountMinor: 2_500 });
    expect((await paymentOf(first!.paymentId)).amountMinor).toBe(2_500);

    clock.advance(7 * DAY_MS);
    await pass();
    const second = (await chargesOf(plan.id))[1]!;
    expect(second).toMatchObject({ cycle: 1, outcome: "approved", amountMinor: 3_000 });
    expect((await paymentOf(second.paymentId)).amountMinor).toBe(3_000);
    await cancelPlan(as(clerk), { planId: plan.id });
  }, 30_000);

  it("an edit of the charge date moves the next charge and the ones after it", async () => {
    const { plan } = await newPlan({ firstChargeDate: dayAfter(today(), 2) });
    const moved = dayAfter(today(), 5);
    const edited = await edit(plan.id, { nextChargeDate: moved });
    expect(edited.nextChargeAt).toEqual(startOfDayInZone(moved, deps.config.reportTimeZone));
    clock.advance(5 * DAY_MS);
    await pass();
    expect((await chargesOf(plan.id))[0]).toMatchObject({ cycle: 0, cycleDate: moved, outcome: "approved" });
    expect((await planRow(plan.id)).nextChargeAt).toEqual(startOfDayInZone(dayAfter(moved, 7), deps.config.reportTimeZone));
    expect((await auditsOf(plan.id, "billing_plan.edit"))[0]!.summary).toMatchObject({
      before: { nextChargeDate: dayAfter(today(), -3) },
      after: { nextChargeDate: moved },
    });
    await cancelPlan(as(clerk), { planId: plan.id });
  }, 30_000);

  it("refused edits: ended or cancelled plan, end before the next charge, fewer charges than made, over MAX_CHARGE, an unconfirmed large raise, the date moved in flight or into the past", async () => {
    const { plan } = await newPlan({ firstChargeDate: dayAfter(today(), 1) });
    const before = await planRow(plan.id);
    const next = before.anchorDate;
    expect(await codeOf(edit(plan.id, { endDate: today() }))).toBe("invalid_request");
    expect(await codeOf(edit(plan.id, { nextChargeDate: dayAfter(today(), -1) }))).toBe("invalid_request");
    expect(await codeOf(edit(plan.id, { amount: "1000000.01" }))).toBe("unprocessable");
    expect(await codeOf(edit(plan.id, { endDate: next, cycles: 2 }))).toBe("invalid_request");
    // A raise above CHARGE_CONFIRM_ABOVE asks for the confirmation; confirmed, it is recorded.
    const ask = await edit(plan.id, { amount: "50000.00" }).catch((e: unknown) => e);
    expect(ask).toMatchObject({ code: "confirmation_required", confirm: "SAR:5000000" });
    expect((await planRow(plan.id)).amountMinor).toBe(2_500);
    await edit(plan.id, { amount: "50000.00" }, { ...as(clerk), chargeConfirmation: async () => "SAR:5000000" });
    expect((await auditsOf(plan.id, "billing_plan.edit"))[0]!.summary).toMatchObject({ largeChargeConfirmed: true });
    // Lowering it (still above the threshold) needs no new confirmation.
    await edit(plan.id, { amount: "40000.00" });
    // Fewer charges than made (one made, one in flight once claimed).
    clock.advance(DAY_MS);
    await pass();
    await database.db.update(billingPlans).set({ amountMinor: 2_500 }).where(eq(billingPlans.id, plan.id));
    expect(await codeOf(edit(plan.id, { cycles: 0 }))).toBe("invalid_request");
    const afterOne = await planRow(plan.id);
    expect(afterOne.chargesMade).toBe(1);
    await database.db.update(billingPlans).set({ maxCharges: 4 }).where(eq(billingPlans.id, plan.id));
    // A charge in flight: the date may not move, and it counts as made.
    await database.db.update(billingPlans).set({ inFlightChargeId: afterOne.lastChargeId }).where(eq(billingPlans.id, plan.id));
    expect(await codeOf(edit(plan.id, { cycles: 1 }))).toBe("invalid_request");
    expect(await codeOf(edit(plan.id, { nextChargeDate: dayAfter(today(), 20) }))).toBe("conflict");
    await database.db.update(billingPlans).set({ inFlightChargeId: null }).where(eq(billingPlans.id, plan.id));
    // None of the refused edits changed the plan.
    expect(await planRow(plan.id)).toMatchObject({ amountMinor: 2_500, maxCharges: 4, endDate: null, status: "active" });
    // Exactly the charges made, none in flight: the plan ends now, in the edit's transaction.
    expect(await edit(plan.id, { cycles: 1 })).toMatchObject({ status: "completed" });
    expect((await auditsOf(plan.id, "billing_plan.edit"))[0]!.summary).toMatchObject({ to: "completed", reason: "cycles" });
    expect(await codeOf(edit(plan.id, { amount: "20.00" }))).toBe("conflict");

    const cancelled = await newPlan();
    await cancelPlan(as(clerk), { planId: cancelled.plan.id });
    expect(await codeOf(edit(cancelled.plan.id, { amount: "20.00" }))).toBe("conflict");
  }, 30_000);

  it("create refuses an end date and a number of charges together, a number of charges below 1, an end before the first charge", async () => {
    const { first } = await recurringFirst(database, deps);
    const base = {
      firstPaymentId: first.id,
      amount: "10.00",
      interval: "weekly" as const,
      firstChargeDate: dayAfter(today(), 2),
      description: "x",
    };
    expect(await codeOf(createPlan(as(clerk), { ...base, endDate: dayAfter(today(), 30), cycles: 3 }))).toBe("invalid_request");
    expect(await codeOf(createPlan(as(clerk), { ...base, cycles: 0 }))).toBe("invalid_request");
    expect(await codeOf(createPlan(as(clerk), { ...base, endDate: dayAfter(today(), 1) }))).toBe("invalid_request");
    const plans = await database.db.select().from(billingPlans).where(eq(billingPlans.firstPaymentId, first.id));
    expect(plans).toEqual([]);
  });

  it("a role without RECURRING_CHARGE cannot edit a plan", async () => {
    const { plan } = await newPlan({ firstChargeDate: dayAfter(today(), 3) });
    expect(await codeOf(edit(plan.id, { amount: "1.00" }, as(viewer)))).toBe("forbidden");
    expect(await planRow(plan.id)).toMatchObject({ amountMinor: 2_500 });
    expect(await auditsOf(plan.id, "billing_plan.edit")).toEqual([]);
    await cancelPlan(as(clerk), { planId: plan.id });
  });
});
