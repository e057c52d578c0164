// Threat guarded (PCI DSS 4.0.1 10.3.3/10.3.4, the audit trail backed up where its writers cannot reach and changes
// detected): whoever controls the database and the anchor directory could still rewrite both; the security
// contact's mailbox (AUDIT_ANCHOR_MAIL_TO) gets the daily full walk's signed chain head, a copy neither can edit, and
// hears of a broken trail at the pass that finds it, once per break rather than at every pass. The metric
// dashboard_audit_chain_ok follows each pass's verdict, so an alert fires without anyone opening the page.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDatabaseTargets, type TestDatabase } from "../../tests/support/db.support";
import { clearAuditLog, pastTheTriggers, seedAudit } from "../../tests/support/audit-fixtures.support";
import { mailOutbox, users } from "../db/schema";
import { metrics } from "../metrics/registry";
import { anchorMailer } from "./anchor-notices";
import { anchorAuditTrail } from "./anchor-pass";
import { checkAnchor, type Anchor } from "./anchors";
import { chainKeyring, setActiveChainKeyring } from "./chain-keys";

const KEY = "audit-chain-notice-key-0123456789abcdef";
const CONTACT = "security@merchant.example";

describe.each(testDatabaseTargets())("audit trail notices on $name", (target) => {
  let database: TestDatabase;
  let anchorDir: string;
  const lines: { event: string; fields?: Record<string, unknown> }[] = [];
  const log = {
    info: (event: string, fields?: Record<string, unknown>) => lines.push({ event, fields }),
    error: (event: string, fields?: Record<string, unknown>) => lines.push({ event, fields }),
  };
  let clock = new Date("2026-12-01T08:00:00Z");
  const config = { appUrl: "https://dash.example.com", auditChain: { mailTo: CONTACT } };
  let notify: ReturnType<typeof anchorMailer>;
  const pass = (n = notify) => anchorAuditTrail({ db: database.db, now: () => clock, log, notify: n }, { anchorDir });
  const seed = (count: number) =>
    seedAudit(
      database.db,
      Array.from({ length: count }, (_, i) => ({ action: "notice.test", actorEmail: "a@example.com", summary: { i } })),
    );
  const mails = () => database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, CONTACT)).orderBy(mailOutbox.createdAt);
  const gauge = async () => (await metrics().auditChainOk.get()).values[0]?.value;

  beforeAll(async () => {
    database = await target.open();
  });
  beforeEach(async () => {
    setActiveChainKeyring(chainKeyring(KEY));
    await clearAuditLog(database.db);
    await database.db.delete(mailOutbox);
    await database.db.delete(users).where(eq(users.email, CONTACT));
    anchorDir = fs.mkdtempSync(path.join(os.tmpdir(), "audit-notices-"));
    lines.length = 0;
    clock = new Date("2026-12-01T08:00:00Z");
    notify = anchorMailer({ db: database.db, now: () => clock, config });
  });
  afterEach(() => fs.rmSync(anchorDir, { recursive: true, force: true }));
  afterAll(async () => {
    setActiveChainKeyring(null);
    await database?.dispose();
  });

  it("no contact configured: no notifier, no mail", async () => {
    expect(anchorMailer({ db: database.db, now: () => clock, config: { ...config, auditChain: { mailTo: null } } })).toBeUndefined();
  });

  it("each full walk that verified mails the signed chain head; the incremental passes between do not", async () => {
    const seeded = await seed(4);
    await pass();
    const [first] = await mails();
    expect(first).toMatchObject({ kind: "audit_verified", subject: "Audit trail verified in full: 4 entries" });
    // The line in the mail is the anchor itself: signed by the chain key, naming the newest row.
    const line = /Signed chain head: (\{.*\})/.exec(first!.textBody!)?.[1];
    const anchor = JSON.parse(line!) as Anchor;
    expect(anchor).toMatchObject({ count: 4, lastId: seeded[3]!.id });
    expect(checkAnchor(chainKeyring(KEY), anchor)).toBe("valid");
    expect(await gauge()).toBe(1);

    await seed(2);
    clock = new Date(clock.getTime() + 15 * 60_000);
    await pass();
    expect(await mails()).toHaveLength(1);
    clock = new Date(clock.getTime() + 86_400_000);
    await pass();
    const all = await mails();
    expect(all).toHaveLength(2);
    expect(all[1]!.subject).toBe("Audit trail verified in full: 6 entries");
  });

  it("threat: the newest rows deleted with their checkpoints. The contact is told at once, once, and the gauge drops to 0", async () => {
    const seeded = await seed(5);
    await pass();
    await pastTheTriggers(database.db, [sql`delete from audit_log where id >= ${seeded[3]!.id}`, sql`delete from audit_checkpoints`]);
    clock = new Date(clock.getTime() + 15 * 60_000);
    await pass();
    expect(await gauge()).toBe(0);
    const broken = (await mails()).filter((m) => m.kind === "audit_broken");
    expect(broken).toHaveLength(1);
    expect(broken[0]!.subject).toBe("Audit trail check FAILED on the merchant dashboard");
    expect(broken[0]!.textBody).toContain("entries published in an anchor are missing");
    expect(broken[0]!.textBody).toContain(`entry #${seeded[4]!.id}`);
    expect(broken[0]!.textBody).toContain("https://dash.example.com/admin/audit");
    // The next passes find the same break: no second mail (a pass every 15 minutes would mail it 96 times a day).
    for (let i = 0; i < 3; i++) {
      clock = new Date(clock.getTime() + 15 * 60_000);
      await pass();
    }
    expect((await mails()).filter((m) => m.kind === "audit_broken")).toHaveLength(1);
  });

  it("written in the contact's language when the address is a dashboard user's", async () => {
    await database.db.insert(users).values({ email: CONTACT, name: "Security", uiLanguage: "ar" });
    await seed(1);
    await pass();
    const [mail] = await mails();
    expect(mail!.subject).toBe("تم التحقق من سجل التدقيق كاملًا: قيد واحد");
    expect(mail!.htmlBody).toContain('dir="rtl"');
  });

  it("a notice that cannot be queued never stops the checkpoint and the anchor", async () => {
    await seed(2);
    const result = await pass(async () => {
      throw new Error("outbox unavailable");
    });
    expect(result).toMatchObject({ checkpointed: true, report: { ok: true } });
    expect(result.anchor).not.toBeNull();
    expect(lines.find((l) => l.event === "audit.notice_failed")?.fields).toMatchObject({ kind: "verified", error: "outbox unavailable" });
  });
});
