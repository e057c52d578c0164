// Threats guarded (real sandbox over HTTP, real databases): a large refund split into small ones avoids the second
// person (the threshold applies to the payment's refunds together: already refunded + still open, pending
// approval included + this one); a currency without a configured threshold is refunded with no approval (it must
// always need one); a requester approving their own refund through a second identity: an account they created, an
// account that created theirs, either through a chain of accounts, or one whose roles, status, password or second
// factor the approver changed in the last FOUR_EYES_LINK_DAYS.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_REFUND_APPROVAL_THRESHOLD, readConfig } from "../../config";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import type { ServiceDeps, ServiceContext } from "../deps";
import type { Principal } from "../../auth/principal";
import { paymentOnSandbox } from "../../../tests/support/ledger.support";
import { mailOutbox, users } from "../../db/schema";
import { appendAudit } from "../../audit/audit-log";
import { AppError } from "../../errors";
import { codeOf, startTestSandbox, testDeps, testPrincipal } from "../../../tests/support/services.support";
import { approveRefund, rejectRefund } from "./approve-refund";
import { refundsAwaitingDecision } from "./awaiting-approval";
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

  it("rule: a held refund is news to those who can decide it. Each active approver is mailed in their language, never the requester, a viewer, a disabled account or a four-eyes-linked one", async () => {
    const fresh = await target.open();
    try {
      const d = { ...deps, db: fresh.db };
      const grant = (p: Principal, perms: string[]) =>
        fresh.db.update(users).set({ extraPermissions: perms }).where(eq(users.id, p.userId));
      const requester = await testPrincipal(fresh.db, "Requester", ["REFUNDS_CREATE", "REFUNDS_APPROVE"]);
      await grant(requester, ["REFUNDS_CREATE", "REFUNDS_APPROVE"]);
      const approver = await testPrincipal(fresh.db, "Approver", ["REFUNDS_APPROVE"]);
      await grant(approver, ["REFUNDS_APPROVE"]);
      await fresh.db.update(users).set({ uiLanguage: "ar" }).where(eq(users.id, approver.userId));
      const admin = await testPrincipal(fresh.db, "Admin", "all");
      const viewer = await testPrincipal(fresh.db, "Viewer", ["TRANSACTIONS_VIEW"]);
      const gone = await testPrincipal(fresh.db, "Gone", ["REFUNDS_APPROVE"]);
      await grant(gone, ["REFUNDS_APPROVE"]);
      await fresh.db.update(users).set({ status: "disabled" }).where(eq(users.id, gone.userId));
      const sock = await testPrincipal(fresh.db, "Sock", ["REFUNDS_APPROVE"]);
      await grant(sock, ["REFUNDS_APPROVE"]);
      await fresh.db.update(users).set({ createdBy: requester.userId }).where(eq(users.id, sock.userId));

      const p = await paymentOnSandbox(fresh.db, deps.gateway, { minor: 300_000, auth: false });
      const small = await requestRefund({ deps: d, principal: requester, ip: null }, { paymentId: p.id, ...refund("10.00") });
      expect(small.action.state).toBe("succeeded");
      expect(await fresh.db.select().from(mailOutbox)).toEqual([]); // nothing to decide: nobody is mailed
      const held = await requestRefund({ deps: d, principal: requester, ip: null }, { paymentId: p.id, ...refund("1500.00") });
      expect(held.action.state).toBe("pending_approval");
      const mails = await fresh.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "refund_approval"));
      expect(mails.map((m) => m.toAddress).sort()).toEqual([admin.email, approver.email].sort());
      expect(mails.map((m) => m.toAddress)).not.toContain(viewer.email);
      const en = mails.find((m) => m.toAddress === admin.email)!;
      expect(en.subject).toBe("Refund of SAR\u00a01,500.00 waiting for your approval");
      expect(en.textBody).toContain(`Requester asked to refund SAR\u00a01,500.00 of order ${p.orderId} (reason: Customer request).`);
      expect(en.textBody).toContain("/refunds");
      // The navigation's count: what each could decide now (the requester's own request is not theirs to decide).
      expect(await refundsAwaitingDecision(fresh.db, approver)).toBe(1);
      expect(await refundsAwaitingDecision(fresh.db, admin)).toBe(1);
      expect(await refundsAwaitingDecision(fresh.db, requester)).toBe(0);
      expect(await refundsAwaitingDecision(fresh.db, viewer)).toBe(0);
      const ar = mails.find((m) => m.toAddress === approver.email)!;
      expect(ar.subject).toContain("بانتظار موافقتك");
      expect(ar.htmlBody).toContain('dir="rtl"');
    } finally {
      await fresh.dispose();
    }
  });

  describe("threat: one person approving their own refund under a second identity", () => {
    /** Marks `child` as created by `parent`, as inviting a user does. */
    const created = (parent: Principal, child: Principal) =>
      database.db.update(users).set({ createdBy: parent.userId }).where(eq(users.id, child.userId));
    const approver = (name: string) => testPrincipal(database.db, name, ["REFUNDS_CREATE", "REFUNDS_APPROVE", "USERS_MANAGE"]);
    async function held(requester: Principal) {
      const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 300_000, auth: false });
      const r = await requestRefund(as(requester), { paymentId: p.id, ...refund("1500.00") });
      expect(r.action.state).toBe("pending_approval");
      return r.action.id;
    }
    /** The rule (errors catalog key) an approval is refused by, or "approved". */
    async function verdict(who: Principal, actionId: string): Promise<string> {
      try {
        await approveRefund(as(who), { actionId, note: "" });
        return "approved";
      } catch (e) {
        if (e instanceof AppError && e.code === "forbidden") return Array.isArray(e.messageKey) ? e.messageKey[0] : String(e.messageKey);
        throw e;
      }
    }

    it("an admin invites a sock account, requests as the sock and approves as themselves: refused", async () => {
      const admin = await approver("Admin");
      const sock = await approver("Sock");
      await created(admin, sock);
      expect(await verdict(admin, await held(sock))).toBe("refunds.youCreatedRequester");
    });
    it("the other direction: the sock approves what its creator requested: refused", async () => {
      const admin = await approver("Admin");
      const sock = await approver("Sock");
      await created(admin, sock);
      expect(await verdict(sock, await held(admin))).toBe("refunds.requesterCreatedYou");
    });
    it("a chain of three (A created B created C): A and C cannot approve each other's refunds", async () => {
      const [a, b, c] = [await approver("A"), await approver("B"), await approver("C")];
      await created(a, b);
      await created(b, c);
      expect(await verdict(a, await held(c))).toBe("refunds.youCreatedRequester");
      expect(await verdict(c, await held(a))).toBe("refunds.requesterCreatedYou");
    });
    it("an approver who changed the requester's roles in the last 30 days: refused; 31 days ago: allowed", async () => {
      const [admin, clerk2, other] = [await approver("Admin"), await approver("Clerk"), await approver("Other")];
      const now = new Date();
      const change = (actor: Principal, action: string, daysAgo: number) =>
        appendAudit(database.db, {
          actorId: actor.userId,
          action,
          targetType: "user",
          targetId: clerk2.userId,
          at: new Date(now.getTime() - daysAgo * 86_400_000),
        });
      await change(admin, "user.roles_change", 29);
      await change(other, "user.password_set", 31);
      const actionId = await held(clerk2);
      expect(await verdict(admin, actionId)).toBe("refunds.youChangedRequester");
      expect(await verdict(other, actionId)).toBe("approved");
    });
    it("the refusal names the rule in the reader's words, with the window", async () => {
      const [admin, clerk2] = [await approver("Admin"), await approver("Clerk")];
      await appendAudit(database.db, { actorId: admin.userId, action: "user.disable", targetType: "user", targetId: clerk2.userId });
      const e = await approveRefund(as(admin), { actionId: await held(clerk2), note: "" }).catch((x: unknown) => x);
      expect((e as AppError).userMessage).toBe(
        "You changed the requester's account (roles, status, password or second factor) in the last 30 days: another approver must decide it.",
      );
    });
    it("two accounts created by the same admin are not linked: one approves the other's refund", async () => {
      const admin = await approver("Admin");
      const [x, y] = [await approver("X"), await approver("Y")];
      await created(admin, x);
      await created(admin, y);
      expect(await verdict(y, await held(x))).toBe("approved");
    });
  });

  it("threat: a refund turned away from an unattended session: rejecting needs a fresh factor, as approving does", async () => {
    const requester = await testPrincipal(database.db, "Asker", ["REFUNDS_CREATE"]);
    const base = await testPrincipal(database.db, "Checker", ["REFUNDS_APPROVE"]);
    // Enrolled, MFA required, the factor presented an hour ago (STEP_UP_MINUTES is 5).
    const stale: Principal = { ...base, hasFactor: true, mfaRequired: true, factorAt: new Date(Date.now() - 3_600_000) };
    const p = await paymentOnSandbox(database.db, deps.gateway, { minor: 300_000, auth: false });
    const held = await requestRefund(as(requester), { paymentId: p.id, ...refund("1500.00") });
    expect(await codeOf(rejectRefund(as(stale), { actionId: held.action.id, note: "no" }))).toBe("step_up_required");
    expect(await codeOf(approveRefund(as(stale), { actionId: held.action.id, note: "" }))).toBe("step_up_required");
    const fresh: Principal = { ...stale, factorAt: new Date() };
    // A rejection says why, in words the requester reads: none, or a word too short, is refused; nothing changes.
    expect(await codeOf(rejectRefund(as(fresh), { actionId: held.action.id, note: "  " }))).toBe("invalid_request");
    expect(await codeOf(rejectRefund(as(fresh), { actionId: held.action.id, note: "no" }))).toBe("invalid_request");
    const rejected = await rejectRefund(as(fresh), { actionId: held.action.id, note: "Duplicate of an earlier refund" });
    expect(rejected.action).toMatchObject({ state: "rejected", outcomeMessage: "Duplicate of an earlier refund" });
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
