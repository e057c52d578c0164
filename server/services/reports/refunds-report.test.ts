// Rules guarded (issue #14, refunds report): every refund of the period is listed with who requested it, who
// approved (or rejected) it and its reason code; a finished refund counts on the day it completed and any other on
// the day it was requested, on the calendar days of the reporting zone (midnight in Riyadh, not UTC); totals are
// per currency and count only the money that left (succeeded refunds); captures and voids are not refunds; the
// branch and currency filters narrow it; a user without REPORTS_VIEW learns nothing.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { codeOf, testPrincipal } from "../../../tests/support/services.support";
import type { Principal } from "../../auth/principal";
import { readConfig } from "../../config";
import { paymentActions } from "../../db/schema";
import { insertPayment } from "../../ledger/payments";
import { refundsReport } from "./refunds-report";

const config = readConfig({ DATA_DIR: "/tmp/unused-test-data", REPORT_TIME_ZONE: "Asia/Riyadh" });
// Riyadh is UTC+3: 2026-11-10 and 2026-11-11 are [2026-11-09T21:00Z, 2026-11-11T21:00Z).
const request = { report: "refunds" as const, firstDay: "2026-11-10", lastDay: "2026-11-11" };

describe.each(testDatabaseTargets())("refunds report ($name)", (target) => {
  let database: TestDatabase;
  let finance: Principal;
  let requester: Principal;
  let approver: Principal;
  const ctx = (principal: Principal) => ({
    deps: { db: database.db, config, now: () => new Date("2026-11-20T00:00:00Z") },
    principal,
    ip: null,
  });

  beforeAll(async () => {
    database = await target.open();
    finance = await testPrincipal(database.db, "Finance", ["REPORTS_VIEW"]);
    requester = await testPrincipal(database.db, "Requester", ["REFUNDS_CREATE"]);
    approver = await testPrincipal(database.db, "Approver", ["REFUNDS_APPROVE"]);
    const payment = async (orderId: string, currency: string, branchId: string | null = null) =>
      insertPayment(database.db, {
        orderId,
        kind: "sale",
        status: "captured",
        currency,
        amountMinor: 100_000,
        authorizedMinor: 100_000,
        capturedMinor: 100_000,
        branchId,
      });
    const sar = await payment("rr-sar", "SAR");
    const kwd = await payment("rr-kwd", "KWD", "riyadh-1");
    const action = (
      paymentId: string,
      currency: string,
      values: {
        type?: string;
        state: string;
        amountMinor: number;
        createdAt: string;
        completedAt?: string;
        approved?: boolean;
        method?: string;
      },
      reasonCode = "customer_request",
      note: string | null = null,
    ) =>
      database.db.insert(paymentActions).values({
        paymentId,
        currency,
        type: values.type ?? "refund",
        method: values.method ?? "full",
        state: values.state,
        amountMinor: values.amountMinor,
        reasonCode,
        note,
        idempotencyKey: randomUUID(),
        requestHash: "x",
        requestedBy: requester.userId,
        approvedBy: values.approved ? approver.userId : null,
        createdAt: new Date(values.createdAt),
        completedAt: values.completedAt ? new Date(values.completedAt) : null,
      });
    // A: requested before the period, completed in it (00:30 on the 11th in Riyadh): counted.
    await action(sar.id, "SAR", {
      state: "succeeded",
      amountMinor: 1_000,
      createdAt: "2026-11-08T10:00:00Z",
      completedAt: "2026-11-10T21:30:00Z",
      approved: true,
    });
    // B: requested in the period, completed after it (00:30 on the 12th in Riyadh): not counted here.
    await action(sar.id, "SAR", {
      state: "succeeded",
      amountMinor: 7_000,
      createdAt: "2026-11-11T10:00:00Z",
      completedAt: "2026-11-11T21:30:00Z",
    });
    // C: waiting for approval, requested at the very first instant of the period: counted by its request.
    await action(sar.id, "SAR", { state: "pending_approval", amountMinor: 2_500, createdAt: "2026-11-09T21:00:00Z" }, "duplicate");
    // D: waiting, requested a minute before the period (23:59 on the 9th in Riyadh): not counted.
    await action(sar.id, "SAR", { state: "pending_approval", amountMinor: 9_900, createdAt: "2026-11-09T20:59:00Z" });
    // E: rejected in the period: listed, not in the totals.
    await action(
      kwd.id,
      "KWD",
      { state: "rejected", amountMinor: 1_500, createdAt: "2026-11-10T08:00:00Z", completedAt: "2026-11-11T10:00:00Z", approved: true },
      "other",
      "Customer changed their mind",
    );
    // F: a partial refund in KWD at a branch.
    await action(kwd.id, "KWD", {
      state: "succeeded",
      method: "partial",
      amountMinor: 2_250,
      createdAt: "2026-11-10T11:00:00Z",
      completedAt: "2026-11-10T12:00:00Z",
    });
    // G: a capture in the period is not a refund.
    await action(sar.id, "SAR", {
      type: "capture",
      method: undefined,
      state: "succeeded",
      amountMinor: 100_000,
      createdAt: "2026-11-10T11:00:00Z",
      completedAt: "2026-11-10T11:00:01Z",
    });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("lists the period's refunds by completion (finished) or request (the rest), in the reporting zone's days", async () => {
    const table = await refundsReport(ctx(finance), request);
    expect(table).toMatchObject({
      report: "refunds",
      title: "Refunds",
      timeZone: "Asia/Riyadh",
      period: { firstDay: "2026-11-10", lastDay: "2026-11-11" },
    });
    expect(table.rows.map((r) => [r.amount, r.state, r.countedBy])).toEqual([
      [{ minor: 2_500, currency: "SAR" }, "Waiting for approval", "Request"], // C
      [{ minor: 2_250, currency: "KWD" }, "Succeeded", "Completion"], // F
      [{ minor: 1_000, currency: "SAR" }, "Succeeded", "Completion"], // A
      [{ minor: 1_500, currency: "KWD" }, "Rejected", "Completion"], // E
    ]);
  });

  it("says who requested, who approved or rejected, why, how, and when", async () => {
    const table = await refundsReport(ctx(finance), request);
    const [c, f, a, e] = table.rows;
    expect(a).toMatchObject({
      orderId: "rr-sar",
      currency: "SAR",
      method: "Full",
      reasonCode: "customer_request",
      note: null,
      requestedBy: requester.email,
      approvedBy: approver.email,
      requestedAt: "2026-11-08T10:00:00.000Z",
      completedAt: "2026-11-10T21:30:00.000Z",
    });
    expect(c).toMatchObject({ reasonCode: "duplicate", approvedBy: null, completedAt: null });
    expect(f).toMatchObject({ orderId: "rr-kwd", method: "Partial" });
    expect(e).toMatchObject({ reasonCode: "other", note: "Customer changed their mind", approvedBy: approver.email });
  });

  it("totals per currency only the refunds that succeeded (the money that left)", async () => {
    const table = await refundsReport(ctx(finance), request);
    expect(table.totals).toEqual([
      { orderId: "Total refunded (1 succeeded)", amount: { minor: 1_000, currency: "SAR" }, currency: "SAR" },
      { orderId: "Total refunded (1 succeeded)", amount: { minor: 2_250, currency: "KWD" }, currency: "KWD" },
    ]);
  });

  it("narrows to a currency and to a branch", async () => {
    const kwd = await refundsReport(ctx(finance), { ...request, currency: "KWD" });
    expect(kwd.rows.map((r) => r.amount)).toEqual([
      { minor: 2_250, currency: "KWD" },
      { minor: 1_500, currency: "KWD" },
    ]);
    const branch = await refundsReport(ctx(finance), { ...request, branchId: "riyadh-1" });
    expect(branch.rows.map((r) => r.orderId)).toEqual(["rr-kwd", "rr-kwd"]);
    const none = await refundsReport(ctx(finance), { ...request, branchId: "jeddah-9" });
    expect(none.rows).toEqual([]);
    expect(none.totals).toEqual([]);
  });

  it("refuses a user without REPORTS_VIEW, even one who approves refunds", async () => {
    expect(await codeOf(refundsReport(ctx(approver), request))).toBe("forbidden");
  });
});
