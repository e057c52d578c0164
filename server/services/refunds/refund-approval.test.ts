// Threats guarded (real sandbox over HTTP, real databases): a large refund split into small ones avoids the second
// person (the threshold applies to the payment's refunds together: already refunded + still open, pending
// approval included + this one); a currency without a configured threshold is refunded with no approval (it must
// always need one); a requester approving their own refund through a second account they created.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_REFUND_APPROVAL_THRESHOLD, readConfig } from "../../config";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import type { ServiceDeps, ServiceContext } from "../deps";
import type { Principal } from "../../auth/principal";
import { paymentOnSandbox } from "../../../tests/support/ledger.support";
import { users } from "../../db/schema";
import { codeOf, startTestSandbox, testDeps, testPrincipal } from "../../../tests/support/services.support";
import { approveRefund } from "./approve-refund";
import { needsSecondPerson, requestRefund } from "./request-refund";

const refund = (amount: string) => ({
  amount,
  reasonCode: "customer_request",
  note: "",
  idempotencyKey: `k_${randomUUID().replace(/-/g, "")}`,
});

describe("the approval rule", () => {
  const config = readConfig({});
  const deps = { config: { ...config, refunds: { ...config.refunds, approvalThresholdMinor: { SAR: 100_000 } } } };
  it("compares the payment's cumulative refunds with the threshold; a currency with no threshold always needs approval", () => {
    expect(needsSecondPerson(deps, "SAR", 100_000)).toBe(false);
    expect(needsSecondPerson(deps, "SAR", 100_001)).toBe(true);
    expect(needsSecondPerson(deps, "USD", 1)).toBe(true);
  });
});

describe.each(testDatabaseTargets())("refund approval threshold on $name", (target) => {
  let database: TestDatabase;
  let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
  let deps: ServiceDeps;
  /** The context of a service call made by `principal` with these deps. */
  const as = (principal: Principal, ip: string | null = null): ServiceContext => ({ deps, principal, ip });
  let clerk: Awaited<ReturnType<typeof testPrincipal>>;

  beforeAll(async () => {
    database = await target.open();
    sandbox = await startTestSandbox();
    // SAR 1000.00 (the default): refunds of a payment passing 1000.00 together wait for a second person.
    deps = testDeps(database, sandbox.url, { REFUND_APPROVAL_THRESHOLD: DEFAULT_REFUND_APPROVAL_THRESHOLD });
    clerk = await testPrincipal(database.db, "Clerk", ["REFUNDS_CREATE", "TRANSACTIONS_VIEW"]);
  }, 60_000);
  afterAll(async () => {
    await deps?.gateway.close();
    await sandbox?.close();
    await database?.dispose();
  });

  it("threat: splitting a large refund into small ones; once the payment's refunds pass the threshold each needs approval", async () => {
    const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 300_000, auth: false });
    expect((await requestRefund(as(clerk), { paymentId: p.id, ...refund("600.00") })).action.state).toBe("succeeded");
    expect((await requestRefund(as(clerk), { paymentId: p.id, ...refund("400.00") })).action.state).toBe("succeeded"); // 1000.00 in all: at the threshold
    const third = await requestRefund(as(clerk), { paymentId: p.id, ...refund("0.01") }); // already refunded 1000.00 + 0.01
    expect(third.action.state).toBe("pending_approval");
    expect(third.payment.refundedMinor).toBe(100_000);
  });

  it("threat: refunds pending approval count too (a small refund beside a held one is held)", async () => {
    const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 300_000, auth: false });
    expect((await requestRefund(as(clerk), { paymentId: p.id, ...refund("1500.00") })).action.state).toBe("pending_approval");
    expect((await requestRefund(as(clerk), { paymentId: p.id, ...refund("5.00") })).action.state).toBe("pending_approval");
  });

  it("threat: a currency without a configured threshold would skip the second person; it needs approval instead", async () => {
    const noSar = { ...deps, config: { ...deps.config, refunds: { ...deps.config.refunds, approvalThresholdMinor: { USD: 25_000 } } } };
    const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 10_000, auth: false });
    const r = await requestRefund({ deps: noSar, principal: clerk, ip: null }, { paymentId: p.id, ...refund("1.00") });
    expect(r.action.state).toBe("pending_approval");
    expect(r.payment.refundedMinor).toBe(0);
  });

  it("threat: a second identity: an approver whose account the requester created cannot approve the refund", async () => {
    const requester = await testPrincipal(database.db, "Maker", ["REFUNDS_CREATE", "REFUNDS_APPROVE", "USERS_MANAGE"]);
    const puppet = await testPrincipal(database.db, "Puppet", ["REFUNDS_APPROVE"]);
    const other = await testPrincipal(database.db, "Other", ["REFUNDS_APPROVE"]);
    await database.db.update(users).set({ createdBy: requester.userId }).where(eq(users.id, puppet.userId));
    const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 300_000, auth: false });
    const held = await requestRefund(as(requester), { paymentId: p.id, ...refund("1500.00") });
    expect(held.action.state).toBe("pending_approval");
    expect(await codeOf(approveRefund(as(puppet), { actionId: held.action.id, note: "" }))).toBe("forbidden");
    expect((await approveRefund(as(other), { actionId: held.action.id, note: "" })).action.state).toBe("succeeded");
  });
});
