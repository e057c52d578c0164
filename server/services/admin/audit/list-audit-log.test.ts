// Integration tests of the audit log page's query on real databases (PGlite; Postgres when TEST_POSTGRES_URL is
// set). Rules guarded: reading needs AUDIT_VIEW; each filter (actor by e-mail part or exact user, exact action,
// action prefix, target type and id, date range as calendar days in the user's time zone) narrows on the server;
// user text never acts as a LIKE wildcard; keyset pages are newest first and stable while entries arrive; each read
// is itself recorded (PCI DSS 10.2.1.3: access to the audit trail), after the read. The query's own tests read with
// readAuditPage, the same query without that record, so that their pages hold only what they seeded.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLogQuerySchema, type AuditLogQuery } from "@/lib/schemas/admin-audit";
import type { Principal } from "../../../auth/principal";
import { testDatabaseTargets, type TestDatabase } from "../../../../tests/support/db.support";
import { AppError } from "../../../errors";
import { testPrincipal } from "../../../../tests/support/services.support";
import { listAuditLog, readAuditPage, toAuditLogPage } from "./list-audit-log";
import { clearAuditLog, searchParamsRecord, seedAudit } from "../../../../tests/support/audit-fixtures.support";

const q = (qs: string): AuditLogQuery => auditLogQuerySchema.parse(searchParamsRecord(new URLSearchParams(qs)));

describe.each(testDatabaseTargets())("audit log list on $name", (target) => {
  let database: TestDatabase;
  let auditor: Principal;
  let other: Principal;
  const deps = () => ({ db: database.db });
  const actions = async (qs: string) => (await readAuditPage(database.db, q(qs))).rows.map((r) => r.action);

  beforeAll(async () => {
    database = await target.open();
    auditor = await testPrincipal(database.db, "Auditor", ["AUDIT_VIEW"]);
    other = await testPrincipal(database.db, "Other", ["TRANSACTIONS_VIEW"]);
  });
  afterAll(async () => {
    await database?.dispose();
  });
  beforeEach(async () => {
    await clearAuditLog(database.db);
  });

  it("threat: reading the trail unseen: each page read appends an audit.view row, after the read", async () => {
    await seedAudit(database.db, [{ action: "v.one" }, { action: "v.two" }]);
    const page = await listAuditLog({ deps: deps(), principal: auditor, ip: "203.0.113.5" }, q("action=v.two"));
    expect(page.rows.map((r) => r.action)).toEqual(["v.two"]);
    const [view] = (await readAuditPage(database.db, q("action=audit.view"))).rows;
    expect(view).toMatchObject({ actorId: auditor.userId, ip: "203.0.113.5", targetType: "audit_log" });
    expect(view!.summary).toMatchObject({ rows: 1, from: page.rows[0]!.id, to: page.rows[0]!.id });
  });

  it("refuses a principal without AUDIT_VIEW", async () => {
    await expect(listAuditLog({ deps: deps(), principal: other, ip: null }, q(""))).rejects.toMatchObject({ code: "forbidden" });
    await expect(listAuditLog({ deps: deps(), principal: other, ip: null }, q(""))).rejects.toBeInstanceOf(AppError);
  });

  it("lists newest first, with every column the page and the API show", async () => {
    const [a, b] = await seedAudit(database.db, [
      {
        action: "auth.sign_in",
        actorId: auditor.userId,
        actorEmail: auditor.email,
        ip: "10.0.0.1",
        targetType: "session",
        targetId: "s-1",
        summary: { userAgent: "UA" },
      },
      { action: "auth.sign_out", actorId: auditor.userId, actorEmail: auditor.email, ip: "10.0.0.1" },
    ]);
    const page = toAuditLogPage(await readAuditPage(database.db, q("")));
    expect(page.items.map((i) => i.id)).toEqual([b!.id, a!.id]);
    expect(page.items[1]).toEqual({
      id: a!.id,
      at: a!.at.toISOString(),
      actorId: auditor.userId,
      actorEmail: auditor.email,
      action: "auth.sign_in",
      targetType: "session",
      targetId: "s-1",
      ip: "10.0.0.1",
      summary: { userAgent: "UA" },
      prevHash: a!.prevHash,
      hash: a!.hash,
    });
    expect(page.nextCursor).toBeNull();
    expect(page.prevCursor).toBeNull();
  });

  it("filters by actor: part of the e-mail, without case", async () => {
    await seedAudit(database.db, [
      { action: "a.one", actorEmail: "Noura.Haddad@shop.example" },
      { action: "a.two", actorEmail: "omar@shop.example" },
      { action: "a.three", actorEmail: null },
    ]);
    expect(await actions("actor=NOURA")).toEqual(["a.one"]);
    expect(await actions("actor=shop.example")).toEqual(["a.two", "a.one"]);
  });

  it("filters by actor: a user ID matches exactly that user, whatever e-mail the entry recorded", async () => {
    await seedAudit(database.db, [
      { action: "a.mine", actorId: auditor.userId, actorEmail: "old-address@example.com" },
      { action: "a.theirs", actorId: other.userId, actorEmail: auditor.email },
    ]);
    expect(await actions(`actor=${auditor.userId.toUpperCase()}`)).toEqual(["a.mine"]);
  });

  it("treats % and _ in the actor text as themselves, not as wildcards", async () => {
    await seedAudit(database.db, [
      { action: "a.plain", actorEmail: "ab@example.com" },
      { action: "a.underscore", actorEmail: "a_b@example.com" },
    ]);
    expect(await actions("actor=a_b")).toEqual(["a.underscore"]);
    expect(await actions("actor=%25")).toEqual([]);
  });

  it("filters by exact action (auth.sign_in is not auth.sign_in_failed) and by action prefix", async () => {
    await seedAudit(database.db, [
      { action: "auth.sign_in" },
      { action: "auth.sign_in_failed" },
      { action: "refund.request_approval" },
      { action: "refund.approved" },
      { action: "refunds_report.view" },
    ]);
    expect(await actions("action=auth.sign_in")).toEqual(["auth.sign_in"]);
    expect(await actions("actionPrefix=refund.")).toEqual(["refund.approved", "refund.request_approval"]);
    expect(await actions("actionPrefix=auth.sign_in")).toEqual(["auth.sign_in_failed", "auth.sign_in"]);
  });

  it("filters by target type and target id", async () => {
    await seedAudit(database.db, [
      { action: "t.1", targetType: "payment", targetId: "p-1" },
      { action: "t.2", targetType: "payment", targetId: "p-2" },
      { action: "t.3", targetType: "user", targetId: "p-1" },
    ]);
    expect(await actions("targetType=payment")).toEqual(["t.2", "t.1"]);
    expect(await actions("targetType=payment&targetId=p-1")).toEqual(["t.1"]);
    expect(await actions("targetId=p-1")).toEqual(["t.3", "t.1"]);
  });

  it("filters by date as calendar days in the user's time zone: the whole of each day, nothing beyond", async () => {
    // Asia/Riyadh is UTC+3: 2 March there runs from 1 March 21:00 UTC to 2 March 21:00 UTC.
    await seedAudit(database.db, [
      { action: "d.before", at: new Date("2024-03-01T20:59:59.999Z") },
      { action: "d.first", at: new Date("2024-03-01T21:00:00.000Z") },
      { action: "d.last", at: new Date("2024-03-02T20:59:59.999Z") },
      { action: "d.after", at: new Date("2024-03-02T21:00:00.000Z") },
    ]);
    expect(await actions("from=2024-03-02&to=2024-03-02&tz=Asia/Riyadh")).toEqual(["d.last", "d.first"]);
    expect(await actions("from=2024-03-02&tz=Asia/Riyadh")).toEqual(["d.after", "d.last", "d.first"]);
    expect(await actions("to=2024-03-01&tz=Asia/Riyadh")).toEqual(["d.before"]);
    // The same days in UTC are different instants.
    expect(await actions("from=2024-03-02&to=2024-03-02&tz=UTC")).toEqual(["d.after", "d.last"]);
  });

  it("combines filters (every one must hold)", async () => {
    await seedAudit(database.db, [
      { action: "refund.start", actorEmail: "fin@example.com", targetType: "payment", targetId: "p-9" },
      { action: "refund.start", actorEmail: "ops@example.com", targetType: "payment", targetId: "p-9" },
      { action: "capture.start", actorEmail: "fin@example.com", targetType: "payment", targetId: "p-9" },
    ]);
    const page = await readAuditPage(database.db, q("actor=fin@&actionPrefix=refund.&targetType=payment&targetId=p-9"));
    expect(page.rows.map((r) => [r.action, r.actorEmail])).toEqual([["refund.start", "fin@example.com"]]);
  });

  it("pages by keyset, newest first: entries appended while paging neither repeat nor shift the older pages", async () => {
    const seeded = await seedAudit(
      database.db,
      Array.from({ length: 60 }, (_, i) => ({ action: "k.page", summary: { i } })),
    );
    const ids = seeded.map((r) => r.id).reverse(); // newest first
    const first = await readAuditPage(database.db, q("size=25"));
    expect(first.rows.map((r) => r.id)).toEqual(ids.slice(0, 25));
    expect(first.prevCursor).toBeNull();
    expect(first.nextCursor).toBe(`next-${ids[24]}`);

    // New entries arrive: the next page is still exactly the 25 after the first page, not shifted by them.
    await seedAudit(
      database.db,
      Array.from({ length: 5 }, () => ({ action: "k.page" })),
    );
    const second = await readAuditPage(database.db, q(`size=25&cursor=${first.nextCursor}`));
    expect(second.rows.map((r) => r.id)).toEqual(ids.slice(25, 50));
    const third = await readAuditPage(database.db, q(`size=25&cursor=${second.nextCursor}`));
    expect(third.rows.map((r) => r.id)).toEqual(ids.slice(50));
    expect(third.nextCursor).toBeNull();

    // "Previous" from the third page is the second page again.
    const back = await readAuditPage(database.db, q(`size=25&cursor=${third.prevCursor}`));
    expect(back.rows.map((r) => r.id)).toEqual(ids.slice(25, 50));
    // Back again: the first page as it was, and now a newer page above it (the 5 new entries).
    const again = await readAuditPage(database.db, q(`size=25&cursor=${back.prevCursor}`));
    expect(again.rows.map((r) => r.id)).toEqual(ids.slice(0, 25));
    expect(again.prevCursor).not.toBeNull();
    // Back from there reaches the top: a full first page (not a short one of 5), the new entries included.
    const top = await readAuditPage(database.db, q(`size=25&cursor=${again.prevCursor}`));
    expect(top.prevCursor).toBeNull();
    expect(top.rows).toHaveLength(25);
    expect(top.rows.slice(5).map((r) => r.id)).toEqual(ids.slice(0, 20));
    expect(top.rows[0]!.id).toBeGreaterThan(ids[0]!);
  });

  it("pages within a filter: the cursor keeps to the filtered entries", async () => {
    await seedAudit(
      database.db,
      Array.from({ length: 60 }, (_, i) => ({ action: i % 2 ? "f.odd" : "f.even" })),
    );
    const first = await readAuditPage(database.db, q("action=f.odd&size=25"));
    const second = await readAuditPage(database.db, q(`action=f.odd&size=25&cursor=${first.nextCursor}`));
    expect([...first.rows, ...second.rows].every((r) => r.action === "f.odd")).toBe(true);
    expect(first.rows).toHaveLength(25);
    expect(second.rows).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
  });

  it("refuses a cursor that is not one of ours (the schema says the link is out of date)", () => {
    for (const bad of ["next-abc", "prev-0", "sideways-5", "next-99999999999999999", "next-1;drop"]) {
      const r = auditLogQuerySchema.safeParse({ cursor: bad });
      expect(r.success, bad).toBe(false);
    }
  });
});
