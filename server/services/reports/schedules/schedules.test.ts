// Integration tests of scheduled reports on real databases (PGlite, and CI's Postgres), with the sandbox's real
// SMTP catcher. Rules and threats guarded, one per test:
//  - a due schedule queues exactly one mail per recipient, with the report's CSV attached (the same bytes as the
//    Reports page's download) and a per-currency summary in the body (no card data), for the previous day of the
//    reporting zone; its next run moves to the next slot; the attachment survives the outbox worker's SMTP send;
//  - two scheduler passes running at once (two connection pools on Postgres: two app instances) still send each
//    recipient exactly one mail per run;
//  - a paused schedule sends nothing;
//  - an owner who lost REPORTS_VIEW, or was disabled, gets no report: the run is recorded failed with the reason and
//    the schedule pauses (a report never leaks after access is revoked);
//  - "Send now" runs through the same code, leaves the next run alone, and refuses a paused schedule;
//  - schedules are private: another person cannot see, pause, send or delete them (not found), a person without
//    REPORTS_VIEW cannot create one; recipients and days are validated; a deleted schedule stays on the trail.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { translateKeyedNested } from "@/lib/i18n/keyed-message";
import type { Principal } from "../../../auth/principal";
import { translatorFor } from "../../../i18n/translator";
import { readConfig } from "../../../config";
import { openDatabase } from "../../../db/client";
import { auditLog, mailOutbox, payments, reportRuns, reportSchedules, users } from "../../../db/schema";
import { createLogger } from "../../../log/logger";
import { createMailTransport, deliverDueMail } from "../../../mail/deliver";
import { startSandbox, type RunningSandbox } from "../../../../sandbox/server";
import { testDatabaseTargets, type TestDatabase } from "../../../../tests/support/db.support";
import { codeOf, testPrincipal } from "../../../../tests/support/services.support";
import { paymentValues } from "../../../../tests/support/transactions-fixtures.support";
import type { ServiceContext, ServiceDeps } from "../../deps";
import { reportCsv } from "../files/report-csv";
import { runReport } from "../run-report";
import { createSchedule } from "./create-schedule";
import { deleteSchedule } from "./delete-schedule";
import { listSchedules } from "./list-schedules";
import { pauseSchedule } from "./pause-schedule";
import { resumeSchedule } from "./resume-schedule";
import { runDueSchedules } from "./run-due-schedules";
import { sendScheduleNow } from "./send-schedule-now";

const quiet = createLogger({ sink: () => {} });
const FROM = "Merchant dashboard <dashboard@merchant.example>";

/** A stored outcome as the schedules page says it to a reader of `language`. */
function said(text: string, language: "en" | "ar"): string {
  const prefs = { language, digits: "latn" } as const;
  return translateKeyedNested(translatorFor(prefs, "reports.schedules.outcomes"), text, translatorFor(prefs, "errors"));
}
describe.each(testDatabaseTargets())("scheduled reports on $name", (target) => {
  let database: TestDatabase;
  let sandbox: RunningSandbox;
  let deps: ServiceDeps;
  let clock = new Date("2026-03-16T03:00:00Z"); // 06:00 in Riyadh on Monday 16 March
  let owner: Principal;
  let other: Principal;
  const as = (principal: Principal, d: ServiceDeps = deps): ServiceContext => ({ deps: d, principal, ip: "203.0.113.9" });
  let seq = 0;
  const addr = (name: string) => `${name}-${++seq}-${target.name}@example.com`;

  const mailsTo = (to: string) =>
    database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, "scheduled_report")));
  const scheduleRow = async (id: string) => (await database.db.select().from(reportSchedules).where(eq(reportSchedules.id, id)))[0]!;
  const daily = (recipients: string[], extra: Record<string, string> = {}) =>
    createSchedule(as(owner), {
      report: "daily-closing",
      frequency: "daily",
      timeOfDay: "07:00",
      recipients: recipients.join(", "),
      ...extra,
    });

  beforeAll(async () => {
    database = await target.open();
    sandbox = await startSandbox({ port: 0, dataDir: null, callbackUrl: null });
    // The recipients here are at the merchant's domain: the approval of outside addresses is recipient-approval.test.ts's.
    const config = readConfig({
      DATA_DIR: "/tmp/unused-test-data",
      REPORT_TIME_ZONE: "Asia/Riyadh",
      REPORT_RECIPIENT_DOMAINS: "example.com",
    });
    deps = { db: database.db, config, now: () => clock, gateway: null as unknown as ServiceDeps["gateway"] };
    owner = await testPrincipal(database.db, "Owner", ["REPORTS_VIEW"]);
    other = await testPrincipal(database.db, "Other", ["REPORTS_VIEW"]);
    // The scheduled run reads the owner's permissions from the database (roles and extra permissions), not from
    // the principal that created the schedule.
    await database.db
      .update(users)
      .set({ extraPermissions: ["REPORTS_VIEW"] })
      .where(eq(users.id, owner.userId));
    // Sunday 15 March in Riyadh: SAR 100.00 and 50.00 (20.00 of it refunded), KWD 5.000; one SAR sale on the 14th.
    await database.db.insert(payments).values([
      paymentValues({ amountMinor: 10_000, createdAt: new Date("2026-03-15T09:00:00Z"), cardBrand: "VC" }),
      paymentValues({
        amountMinor: 5_000,
        refundedMinor: 2_000,
        status: "partially_refunded",
        createdAt: new Date("2026-03-15T20:59:59Z"),
      }),
      paymentValues({ currency: "KWD", amountMinor: 5_000, createdAt: new Date("2026-03-14T21:00:00Z") }),
      paymentValues({ amountMinor: 99_900, createdAt: new Date("2026-03-14T20:59:59Z") }),
    ]);
  }, 60_000);

  afterAll(async () => {
    await sandbox?.close();
    await database?.dispose();
  });

  beforeEach(async () => {
    clock = new Date("2026-03-16T03:00:00Z");
    // Each test starts with no schedule due (earlier tests' schedules are paused).
    await database.db.update(reportSchedules).set({ status: "paused" });
  });

  it("a due schedule: one mail per recipient, the CSV attached (same bytes as the download), a per-currency summary; next run tomorrow", async () => {
    const [a, b] = [addr("ana"), addr("bilal")];
    const s = await daily([a, b.toUpperCase()]);
    expect(s.recipients).toEqual([a, b]); // lower-cased
    expect(s.nextRunAt.toISOString()).toBe("2026-03-16T04:00:00.000Z"); // 07:00 Riyadh
    expect((await runDueSchedules(deps, { logger: quiet })).runs).toEqual([]); // not due yet

    clock = new Date("2026-03-16T04:00:30Z");
    const pass = await runDueSchedules(deps, { logger: quiet });
    expect(pass.runs).toHaveLength(1);
    expect(pass.runs[0]).toMatchObject({ scheduleId: s.id, result: "sent", firstDay: "2026-03-15", lastDay: "2026-03-15" });
    expect((await runDueSchedules(deps, { logger: quiet })).runs).toEqual([]); // the slot is done

    const expected = reportCsv(
      await runReport(as(owner), { report: "daily-closing", firstDay: "2026-03-15", lastDay: "2026-03-15", breakdown: "none" }),
    );
    for (const to of [a, b]) {
      const mails = await mailsTo(to);
      expect(mails).toHaveLength(1);
      const m = mails[0]!;
      expect(m.subject).toBe("Daily closing · 2026-03-15");
      expect(m.textBody).toContain("Daily closing for 2026-03-15 (time zone Asia/Riyadh).");
      expect(m.textBody).toContain("SAR: gross SAR 150.00 · refunds SAR 20.00 · net SAR 130.00");
      expect(m.textBody).toContain("KWD: gross KWD 5.000 · refunds KWD 0.000 · net KWD 5.000");
      expect(m.textBody).toContain("Every day at 07:00 (Asia/Riyadh)");
      expect(m.textBody).not.toContain("1111"); // no card data in the body
      expect(m.attachments).toHaveLength(1);
      expect(m.attachments![0]).toMatchObject({
        filename: "daily-closing_2026-03-15_2026-03-15.csv",
        contentType: "text/csv; charset=utf-8",
      });
      // The same table as the download, but for its "Generated" line (made a moment apart).
      const sent = Buffer.from(m.attachments![0]!.contentBase64, "base64").toString("utf8");
      const withoutGenerated = (csv: string) => csv.replace(/^Generated,.*$/m, "");
      expect(withoutGenerated(sent)).toBe(withoutGenerated(expected));
    }
    const after = await scheduleRow(s.id);
    // Stored as a keyed message: each reader sees it in their own language.
    expect(after).toMatchObject({ lastResult: "sent", lastMessage: "sent?count=2", status: "active" });
    expect(said(after.lastMessage!, "en")).toBe("Sent to 2 recipients.");
    expect(said(after.lastMessage!, "ar")).toBe("أُرسل إلى مستلمَين.");
    expect(after.nextRunAt.toISOString()).toBe("2026-03-17T04:00:00.000Z");
    const runs = await database.db.select().from(reportRuns).where(eq(reportRuns.scheduleId, s.id));
    expect(runs).toMatchObject([{ trigger: "schedule", result: "sent", recipients: 2, firstDay: "2026-03-15", lastDay: "2026-03-15" }]);
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, s.id), eq(auditLog.action, "report_schedule.run")));
    expect(audit).toMatchObject({ actorEmail: "system:report-scheduler" });

    // The outbox worker sends them over SMTP with the attachment intact, then clears body and attachment.
    const transport = createMailTransport(`smtp://127.0.0.1:${sandbox.smtpPort}`);
    try {
      await deliverDueMail(
        {
          db: database.db,
          config: { mail: { smtpUrl: "", from: FROM, catcher: true, inboxUrl: null, workerIntervalMs: 0 } },
          now: () => new Date(),
        },
        { transport, log: quiet },
      );
    } finally {
      transport.close();
    }
    const caught = sandbox.mail.list(a);
    expect(caught).toHaveLength(1);
    expect(caught[0]!.attachments).toMatchObject([{ filename: "daily-closing_2026-03-15_2026-03-15.csv", contentType: "text/csv" }]);
    const text = caught[0]!.attachments[0]!.text!;
    expect(text).toContain("Report,Daily closing");
    expect(text).toContain("Time zone,Asia/Riyadh");
    expect(text).toMatch(/2026-03-15,SAR,2,150\.00/);
    const [cleared] = await mailsTo(a);
    expect(cleared).toMatchObject({ status: "sent", textBody: null, attachments: null });
  });

  it("two scheduler passes at once (two pools on Postgres: two app instances) send each recipient exactly one mail", async () => {
    const made = await Promise.all(Array.from({ length: 6 }, () => daily([addr("r1"), addr("r2")])));
    clock = new Date("2026-03-16T04:01:00Z");
    const second = database.url ? await openDatabase({ url: database.url, dataDir: null }) : null;
    try {
      const deps2 = { ...deps, db: second?.db ?? database.db };
      const [x, y] = await Promise.all([runDueSchedules(deps, { logger: quiet }), runDueSchedules(deps2, { logger: quiet })]);
      expect([...x.errors, ...y.errors]).toEqual([]);
      const ran = [...x.runs, ...y.runs].map((r) => r.scheduleId).sort();
      expect(ran).toEqual(made.map((s) => s.id).sort());
    } finally {
      await second?.close();
    }
    for (const s of made) for (const to of s.recipients) expect(await mailsTo(to)).toHaveLength(1);
  });

  it("a paused schedule sends nothing; resumed, it runs at its next slot after the resume", async () => {
    const to = addr("paused");
    const s = await daily([to]);
    await pauseSchedule(as(owner), { scheduleId: s.id });
    clock = new Date("2026-03-18T05:00:00Z");
    expect((await runDueSchedules(deps, { logger: quiet })).runs).toEqual([]);
    expect(await mailsTo(to)).toHaveLength(0);
    const resumed = await resumeSchedule(as(owner), { scheduleId: s.id });
    expect(resumed.nextRunAt.toISOString()).toBe("2026-03-19T04:00:00.000Z"); // no catch-up of paused days
  });

  it("an owner without REPORTS_VIEW (or disabled) gets no report: the run fails with the reason and the schedule pauses", async () => {
    const to = addr("revoked");
    const s = await daily([to]);
    await database.db.update(users).set({ extraPermissions: [] }).where(eq(users.id, owner.userId));
    try {
      clock = new Date("2026-03-16T04:00:10Z");
      const pass = await runDueSchedules(deps, { logger: quiet });
      expect(pass.runs).toMatchObject([{ scheduleId: s.id, result: "failed", paused: true, mailIds: [] }]);
      expect(await mailsTo(to)).toHaveLength(0);
      const row = await scheduleRow(s.id);
      expect(row).toMatchObject({ status: "paused", lastResult: "failed" });
      expect(said(row.lastMessage!, "en")).toMatch(/no longer holds the Reports permission\. The schedule was paused\./);
      expect(said(row.lastMessage!, "ar")).toContain("لم يعد يملك صلاحية التقارير");
      expect(said(row.pauseReason!, "en")).toMatch(/^The schedule's owner \(.+\) no longer holds the Reports permission\.$/);
    } finally {
      await database.db
        .update(users)
        .set({ extraPermissions: ["REPORTS_VIEW"] })
        .where(eq(users.id, owner.userId));
    }
    // Disabled: the same.
    const to2 = addr("disabled");
    clock = new Date("2026-03-16T03:00:00Z");
    const s2 = await daily([to2]);
    clock = new Date("2026-03-16T04:00:10Z");
    await database.db.update(users).set({ status: "disabled" }).where(eq(users.id, owner.userId));
    try {
      const pass = await runDueSchedules(deps, { logger: quiet });
      expect(pass.runs).toMatchObject([{ scheduleId: s2.id, result: "failed", paused: true }]);
      expect(await mailsTo(to2)).toHaveLength(0);
      expect(said((await scheduleRow(s2.id)).lastMessage!, "en")).toMatch(/is disabled\. The schedule was paused\./);
    } finally {
      await database.db.update(users).set({ status: "active" }).where(eq(users.id, owner.userId));
    }
  });

  it("Send now: the same mail at once, the next run unchanged; a paused schedule is refused", async () => {
    const to = addr("now");
    const s = await daily([to]);
    clock = new Date("2026-03-16T03:30:00Z");
    const out = await sendScheduleNow(as(owner), { scheduleId: s.id });
    expect(out).toMatchObject({ result: "sent", firstDay: "2026-03-15", lastDay: "2026-03-15" });
    const [m] = await mailsTo(to);
    expect(m!.attachments![0]!.filename).toBe("daily-closing_2026-03-15_2026-03-15.csv");
    expect((await scheduleRow(s.id)).nextRunAt.toISOString()).toBe("2026-03-16T04:00:00.000Z");
    // "Today so far": the period still running (Monday the 16th, Riyadh), said in the subject.
    const soFar = await sendScheduleNow(as(owner), { scheduleId: s.id, period: "current" });
    expect(soFar).toMatchObject({ result: "sent", firstDay: "2026-03-16", lastDay: "2026-03-16" });
    const subjects = (await mailsTo(to)).map((x) => x.subject).sort();
    expect(subjects).toEqual(["Daily closing · 2026-03-15", "Daily closing · 2026-03-16 (so far, as of 06:30)"]);
    await pauseSchedule(as(owner), { scheduleId: s.id });
    expect(await codeOf(sendScheduleNow(as(owner), { scheduleId: s.id }))).toBe("conflict");
  });

  it("weekly and monthly: the previous 7 days / the previous calendar month", async () => {
    const w = await createSchedule(as(owner), {
      report: "daily-closing",
      frequency: "weekly",
      weekday: "1",
      timeOfDay: "07:00",
      recipients: addr("weekly"),
    });
    const mo = await createSchedule(as(owner), {
      report: "daily-closing",
      frequency: "monthly",
      monthDay: "1",
      timeOfDay: "06:00",
      recipients: addr("monthly"),
    });
    expect(w.nextRunAt.toISOString()).toBe("2026-03-16T04:00:00.000Z");
    expect(mo.nextRunAt.toISOString()).toBe("2026-04-01T03:00:00.000Z");
    clock = new Date("2026-04-01T03:00:00Z");
    await database.db
      .update(reportSchedules)
      .set({ status: "paused" })
      .where(sql`${reportSchedules.id} not in (${w.id}, ${mo.id})`);
    const runs = (await runDueSchedules(deps, { logger: quiet })).runs;
    const byId = Object.fromEntries(runs.map((r) => [r.scheduleId, r]));
    // The weekly one was due on 16 March and missed two slots: it runs once, for the latest (Monday 30 March).
    expect(byId[w.id]).toMatchObject({ firstDay: "2026-03-23", lastDay: "2026-03-29" });
    expect(byId[mo.id]).toMatchObject({ firstDay: "2026-03-01", lastDay: "2026-03-31" });
    expect((await scheduleRow(w.id)).nextRunAt.toISOString()).toBe("2026-04-06T04:00:00.000Z");
  });

  it("schedules are private (another person: not found), need REPORTS_VIEW, and reject bad input", async () => {
    const s = await daily([addr("private")]);
    expect((await listSchedules(as(other))).map((x) => x.id)).not.toContain(s.id);
    expect((await listSchedules(as(owner))).find((x) => x.id === s.id)).toMatchObject({
      words: "Every day at 07:00",
      timeZone: "Asia/Riyadh",
      status: "active",
    });
    for (const call of [pauseSchedule, deleteSchedule, sendScheduleNow]) {
      expect(await codeOf(call(as(other), { scheduleId: s.id }))).toBe("not_found");
    }
    const nobody = await testPrincipal(database.db, "Nobody", ["TRANSACTIONS_VIEW"]);
    expect(
      await codeOf(
        createSchedule(as(nobody), { report: "daily-closing", frequency: "daily", timeOfDay: "07:00", recipients: "a@example.com" }),
      ),
    ).toBe("forbidden");
    expect(await codeOf(listSchedules(as(nobody)))).toBe("forbidden");
    const bad = (over: Record<string, string>) =>
      codeOf(
        createSchedule(as(owner), {
          report: "daily-closing",
          frequency: "daily",
          timeOfDay: "07:00",
          recipients: "a@example.com",
          ...over,
        }),
      );
    // The schema's messages are validation keys (lib/schemas/messages.ts): "Enter at most 20 addresses.", "“…” is not an
    // e-mail address.", "Choose a day from 1 to 28.", "Enter a time like 07:00."
    await expect(bad({ recipients: Array.from({ length: 21 }, (_, i) => `p${i}@example.com`).join(",") })).rejects.toThrow(
      /schedules\.maxRecipients\?max=20/,
    );
    await expect(bad({ recipients: "not-an-address" })).rejects.toThrow(/schedules\.notAnEmail/);
    await expect(bad({ frequency: "monthly", monthDay: "29" })).rejects.toThrow(/schedules\.monthDay\?max=28/);
    await expect(bad({ timeOfDay: "24:00" })).rejects.toThrow(/schedules\.timeFormat/);
    // Deleting keeps the row for the trail (who deleted it, when), but it is gone from the page and never runs.
    await deleteSchedule(as(owner), { scheduleId: s.id });
    expect(await scheduleRow(s.id)).toMatchObject({ deletedBy: owner.userId, deletedAt: clock });
    expect((await listSchedules(as(owner))).map((v) => v.id)).not.toContain(s.id);
    expect(await codeOf(deleteSchedule(as(owner), { scheduleId: s.id }))).toBe("not_found");
  });
});
