// Scheduled reports leave only for allowed places, on real databases (PGlite, and CI's Postgres). Threats guarded:
//  - business data mailed to any address: a finance user schedules the refunds report to attacker@evil.example and
//    presses "Send now" (the security review's reproduction). The schedule waits for approval: nothing runs, Send
//    now is refused, no mail is queued;
//  - one person approving their own outside addresses, directly or under a second identity (four eyes, as for held
//    refunds: account creation in either direction, a chain, a recent change to the owner's account);
//  - an approval that outlives what it approved: only the approved addresses go out, and an address whose domain is
//    no longer allowed stops the run (no mail) and makes the schedule wait for approval again;
//  - a stolen, idle session mailing data out: create, resume, Send now, approve and reject need a fresh factor;
//  - a trail without the addresses: create, approve, reject, runs and delete rows carry every recipient address, and
//    a deleted schedule's row stays.
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { appendAudit } from "../../../audit/audit-log";
import type { Principal } from "../../../auth/principal";
import { readConfig } from "../../../config";
import { auditLog, mailOutbox, reportSchedules, users } from "../../../db/schema";
import { AppError } from "../../../errors";
import { createLogger } from "../../../log/logger";
import { testDatabaseTargets, type TestDatabase } from "../../../../tests/support/db.support";
import { codeOf, testPrincipal } from "../../../../tests/support/services.support";
import type { ServiceContext, ServiceDeps } from "../../deps";
import { decideSchedule } from "./approve-schedule";
import { createSchedule } from "./create-schedule";
import { deleteSchedule } from "./delete-schedule";
import { listSchedules } from "./list-schedules";
import { pauseSchedule } from "./pause-schedule";
import { isInsideAddress, outsideAddresses } from "./recipient-domains";
import { resumeSchedule } from "./resume-schedule";
import { runDueSchedules } from "./run-due-schedules";
import { sendScheduleNow } from "./send-schedule-now";

const quiet = createLogger({ sink: () => {} });

describe("recipient domains (pure)", () => {
  it("an address is inside at an allowed domain or a subdomain of one, never at a look-alike", () => {
    const allowed = ["merchant.sa"];
    expect(isInsideAddress("ana@merchant.sa", allowed)).toBe(true);
    expect(isInsideAddress("ana@Finance.Merchant.SA", allowed)).toBe(true);
    expect(isInsideAddress("ana@evilmerchant.sa", allowed)).toBe(false);
    expect(isInsideAddress("ana@merchant.sa.evil.example", allowed)).toBe(false);
    expect(outsideAddresses(["a@merchant.sa", "b@evil.example", "c@x.merchant.sa"], allowed)).toEqual(["b@evil.example"]);
  });
});

describe.each(testDatabaseTargets())("reports leave only to allowed places on $name", (target) => {
  let database: TestDatabase;
  let deps: ServiceDeps;
  let clock = new Date("2026-03-16T03:00:00Z"); // 06:00 in Riyadh
  let owner: Principal;
  let approver: Principal;
  const as = (principal: Principal, d: ServiceDeps = deps): ServiceContext => ({ deps: d, principal, ip: "203.0.113.9" });
  const withDomains = (domains: string | undefined): ServiceDeps => ({
    ...deps,
    config: readConfig({ DATA_DIR: "/tmp/unused-test-data", REPORT_TIME_ZONE: "Asia/Riyadh", REPORT_RECIPIENT_DOMAINS: domains }),
  });
  let seq = 0;
  /** A colleague's address at the users' own domain (testPrincipal makes users at test.example). */
  const inside = (name: string) => `${name}-${++seq}-${target.name}@test.example`;
  const outside = (name: string) => `${name}-${++seq}-${target.name}@evil.example`;
  const daily = (who: Principal, recipients: string[], d: ServiceDeps = deps) =>
    createSchedule(as(who, d), { report: "refunds", frequency: "daily", timeOfDay: "07:00", recipients: recipients.join(", ") });
  const mailsTo = (addresses: string[]) =>
    database.db
      .select()
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.toAddress, addresses), eq(mailOutbox.kind, "scheduled_report")));
  const row = async (id: string) => (await database.db.select().from(reportSchedules).where(eq(reportSchedules.id, id)))[0]!;
  const auditOf = (id: string, action: string) =>
    database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, action)));
  /** The rule (errors catalog key) a decision is refused by, or "decided". */
  async function verdict(who: Principal, scheduleId: string, decision: "approve" | "reject" = "approve"): Promise<string> {
    try {
      await decideSchedule(as(who), { scheduleId, decision });
      return "decided";
    } catch (e) {
      if (e instanceof AppError) return Array.isArray(e.messageKey) ? String(e.messageKey[0]) : String(e.messageKey);
      throw e;
    }
  }
  /** A principal for the scheduled runs, which read the owner's permissions from the database. */
  async function reportsUser(name: string, permissions: Principal["permissions"] extends ReadonlySet<infer P> ? P[] : never) {
    const p = await testPrincipal(database.db, name, permissions);
    await database.db.update(users).set({ extraPermissions: permissions }).where(eq(users.id, p.userId));
    return p;
  }

  beforeAll(async () => {
    database = await target.open();
    deps = {
      db: database.db,
      config: readConfig({ DATA_DIR: "/tmp/unused-test-data", REPORT_TIME_ZONE: "Asia/Riyadh" }),
      now: () => clock,
      gateway: null as unknown as ServiceDeps["gateway"],
    };
    owner = await reportsUser("Owner", ["REPORTS_VIEW", "REPORTS_APPROVE"]);
    approver = await reportsUser("Approver", ["REPORTS_VIEW", "REPORTS_APPROVE"]);
  }, 60_000);

  afterAll(async () => {
    await database?.dispose();
  });

  beforeEach(async () => {
    clock = new Date("2026-03-16T03:00:00Z");
    await database.db.update(reportSchedules).set({ status: "paused" });
  });

  it("threat: a report scheduled to attacker@evil.example with Send now: it waits for approval and nothing is mailed", async () => {
    const colleague = inside("colleague");
    const attacker = outside("attacker");
    const s = await daily(owner, [colleague, attacker]);
    expect(s).toMatchObject({ approval: "pending", outsideRecipients: [attacker] });
    expect(await codeOf(sendScheduleNow(as(owner), { scheduleId: s.id }))).toBe("conflict");
    await expect(sendScheduleNow(as(owner), { scheduleId: s.id })).rejects.toMatchObject({ messageKey: "schedules.awaitingApproval" });
    clock = new Date("2026-03-16T04:00:30Z"); // its slot has come
    expect((await runDueSchedules(deps, { logger: quiet })).runs).toEqual([]);
    expect(await mailsTo([colleague, attacker])).toEqual([]);
    // The trail names every address and the outside one, and says it waits.
    const [created] = await auditOf(s.id, "report_schedule.create");
    expect(created!.summary).toMatchObject({
      recipientAddresses: [colleague, attacker],
      outsideRecipients: [attacker],
      approval: "pending",
    });
    // The approver sees it (someone else's schedule) with the decision offered; the owner sees it without.
    const seen = (await listSchedules(as(approver))).find((v) => v.id === s.id);
    expect(seen).toMatchObject({ approval: "pending", outsideRecipients: [attacker], canDecide: true });
    expect((await listSchedules(as(owner))).find((v) => v.id === s.id)).toMatchObject({ canDecide: false });
  });

  it("addresses at the users' domains (and their subdomains) need no approval, and the schedule runs", async () => {
    const a = inside("ana");
    const sub = `bilal-${++seq}-${target.name}@finance.test.example`;
    const s = await daily(owner, [a, sub]);
    expect(s).toMatchObject({ approval: "not_needed", outsideRecipients: [] });
    clock = new Date("2026-03-16T04:00:30Z");
    const pass = await runDueSchedules(deps, { logger: quiet });
    expect(pass.runs.find((r) => r.scheduleId === s.id)).toMatchObject({ result: "sent" });
    expect(await mailsTo([a, sub])).toHaveLength(2);
    const [run] = await auditOf(s.id, "report_schedule.run");
    expect(run!.summary).toMatchObject({ recipientAddresses: [a, sub], recipients: 2 });
  });

  it("threat: approving one's own outside addresses, or without REPORTS_APPROVE: refused, naming the rule", async () => {
    const s = await daily(owner, [outside("x")]);
    expect(await verdict(owner, s.id)).toBe("schedules.fourEyes");
    const viewer = await reportsUser("Viewer", ["REPORTS_VIEW"]);
    expect(await codeOf(decideSchedule(as(viewer), { scheduleId: s.id, decision: "approve" }))).toBe("forbidden");
    expect((await row(s.id)).approval).toBe("pending");
  });

  it("threat: a second identity: the owner's creator, the owner's creation (through a chain) and a recent changer are refused", async () => {
    const created = (parent: Principal, child: Principal) =>
      database.db.update(users).set({ createdBy: parent.userId }).where(eq(users.id, child.userId));
    const admin = await reportsUser("Admin", ["REPORTS_VIEW", "REPORTS_APPROVE"]);
    const sock = await reportsUser("Sock", ["REPORTS_VIEW"]);
    const sockOfSock = await reportsUser("SockOfSock", ["REPORTS_VIEW", "REPORTS_APPROVE"]);
    await created(admin, sock);
    await created(sock, sockOfSock);
    const bySock = await daily(sock, [outside("leak")]);
    expect(await verdict(admin, bySock.id)).toBe("schedules.youCreatedOwner");
    expect(await verdict(sockOfSock, bySock.id)).toBe("schedules.ownerCreatedYou");
    const byAdmin = await daily(admin, [outside("leak")]);
    expect(await verdict(sockOfSock, byAdmin.id)).toBe("schedules.ownerCreatedYou"); // a chain of three
    // Someone who changed the owner's roles in the last FOUR_EYES_LINK_DAYS.
    const changer = await reportsUser("Changer", ["REPORTS_VIEW", "REPORTS_APPROVE"]);
    await appendAudit(database.db, {
      actorId: changer.userId,
      actorEmail: changer.email,
      action: "user.roles_change",
      targetType: "user",
      targetId: sock.userId,
      at: new Date(clock.getTime() - 86_400_000),
    });
    expect(await verdict(changer, bySock.id)).toBe("schedules.youChangedOwner");
    // An unlinked approver may.
    expect(await verdict(approver, bySock.id)).toBe("decided");
  });

  it("approved: the approved addresses receive it from the next slot; the approval and the run are on the trail", async () => {
    const [colleague, partner] = [inside("colleague"), outside("auditor")];
    const s = await daily(owner, [colleague, partner]);
    clock = new Date("2026-03-16T05:00:00Z"); // after today's 07:00 slot: approved now, it starts tomorrow
    const decided = await decideSchedule(as(approver), { scheduleId: s.id, decision: "approve" });
    expect(decided).toMatchObject({ approval: "approved", approvalBy: approver.userId });
    expect(decided.nextRunAt.toISOString()).toBe("2026-03-17T04:00:00.000Z");
    const [approval] = await auditOf(s.id, "report_schedule.approve");
    expect(approval!.summary).toMatchObject({ outsideRecipients: [partner], recipientAddresses: [colleague, partner] });
    expect(await verdict(approver, s.id)).toBe("schedules.notAwaitingApproval"); // decided once

    clock = new Date("2026-03-17T04:00:30Z");
    await runDueSchedules(deps, { logger: quiet });
    expect(await mailsTo([colleague, partner])).toHaveLength(2);
    const sent = await sendScheduleNow(as(owner), { scheduleId: s.id });
    expect(sent.result).toBe("sent");
  });

  it("rejected: it never sends, Send now says why, and the owner sees it rejected", async () => {
    const attacker = outside("attacker");
    const s = await daily(owner, [attacker]);
    expect(await verdict(approver, s.id, "reject")).toBe("decided");
    expect((await row(s.id)).approval).toBe("rejected");
    expect((await auditOf(s.id, "report_schedule.reject"))[0]!.summary).toMatchObject({ outsideRecipients: [attacker] });
    await expect(sendScheduleNow(as(owner), { scheduleId: s.id })).rejects.toMatchObject({ messageKey: "schedules.rejected" });
    clock = new Date("2026-03-16T04:00:30Z");
    expect((await runDueSchedules(deps, { logger: quiet })).runs.map((r) => r.scheduleId)).not.toContain(s.id);
    expect(await mailsTo([attacker])).toEqual([]);
    expect((await listSchedules(as(owner))).find((v) => v.id === s.id)).toMatchObject({ approval: "rejected", canDecide: false });
  });

  it("REPORT_RECIPIENT_DOMAINS narrows the users' domains; a domain dropped later stops the run and asks for approval again", async () => {
    const onlyMerchant = withDomains("merchant.sa");
    // The users' own domain is outside once the merchant's domains are configured.
    const s = await daily(owner, [`ana-${++seq}@merchant.sa`, inside("colleague")], onlyMerchant);
    expect(s.approval).toBe("pending");

    // Made while test.example was allowed (the default), then the operator narrows the list: the next run sends
    // nothing and the schedule waits for a second person.
    const colleague = inside("colleague");
    const t = await daily(owner, [colleague]);
    expect(t.approval).toBe("not_needed");
    clock = new Date("2026-03-16T04:00:30Z");
    const pass = await runDueSchedules(onlyMerchant, { logger: quiet });
    expect(pass.runs.find((r) => r.scheduleId === t.id)).toMatchObject({ result: "failed" });
    expect(pass.runs.find((r) => r.scheduleId === t.id)!.message).toMatch(/^outsideNotApproved\?/);
    expect(await mailsTo([colleague])).toEqual([]);
    expect(await row(t.id)).toMatchObject({ approval: "pending", outsideRecipients: [colleague] });
    expect(await codeOf(sendScheduleNow(as(owner, onlyMerchant), { scheduleId: t.id }))).toBe("conflict");
  });

  it("threat: an idle session mailing data out: create, resume, Send now, approve and reject need a fresh factor", async () => {
    const hour = 3_600_000;
    const stale = (p: Principal): Principal => ({ ...p, hasFactor: true, mfaRequired: true, factorAt: new Date(clock.getTime() - hour) });
    const fresh = (p: Principal): Principal => ({ ...p, hasFactor: true, mfaRequired: true, factorAt: clock });
    expect(await codeOf(daily(stale(owner), [inside("a")]))).toBe("step_up_required");
    const s = await daily(fresh(owner), [inside("a")]);
    expect(await codeOf(sendScheduleNow(as(stale(owner)), { scheduleId: s.id }))).toBe("step_up_required");
    await pauseSchedule(as(stale(owner)), { scheduleId: s.id }); // stopping mail needs no factor
    expect(await codeOf(resumeSchedule(as(stale(owner)), { scheduleId: s.id }))).toBe("step_up_required");
    const o = await daily(owner, [outside("x")]);
    expect(await codeOf(decideSchedule(as(stale(approver)), { scheduleId: o.id, decision: "approve" }))).toBe("step_up_required");
    expect(await codeOf(decideSchedule(as(stale(approver)), { scheduleId: o.id, decision: "reject" }))).toBe("step_up_required");
    expect(await verdict(fresh(approver), o.id)).toBe("decided");
  });

  it("a deleted schedule keeps its row and addresses for the trail, and never runs", async () => {
    const attacker = outside("attacker");
    const s = await daily(owner, [attacker]);
    await decideSchedule(as(approver), { scheduleId: s.id, decision: "approve" });
    await deleteSchedule(as(owner), { scheduleId: s.id });
    expect(await row(s.id)).toMatchObject({ recipients: [attacker], deletedBy: owner.userId });
    expect((await auditOf(s.id, "report_schedule.delete"))[0]!.summary).toMatchObject({ recipientAddresses: [attacker] });
    clock = new Date("2026-03-17T04:00:30Z");
    expect((await runDueSchedules(deps, { logger: quiet })).runs.map((r) => r.scheduleId)).not.toContain(s.id);
    expect(await codeOf(sendScheduleNow(as(owner), { scheduleId: s.id }))).toBe("not_found");
    expect(await codeOf(decideSchedule(as(approver), { scheduleId: s.id, decision: "reject" }))).toBe("not_found");
  });
});
