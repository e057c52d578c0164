// Integration tests of the outbox worker against the sandbox's real SMTP catcher, on PGlite and (with
// TEST_POSTGRES_URL) on Postgres. Threats and rules guarded, one per test: a queued mail is delivered exactly once
// with a stable Message-ID and its body (the one-time link) is cleared from the database once sent; an SMTP server
// that is down does not lose mail (retried with growing, jittered delays, then delivered when it comes up); a worker
// that crashed after claiming a mail does not lose it (retried once the claim lapses) and nobody sends it while the
// claim holds; two workers racing send each mail once; a mail that keeps failing ends 'failed', body cleared,
// logged at warn without its body or address.
import { createServer } from "node:net";
import { eq } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { mailOutbox } from "../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../tests/support/db.support";
import { createLogger, memorySink } from "../log/logger";
import { startSandbox, type RunningSandbox } from "../../sandbox/server";
import { CLAIM_LOCK_MS, MAX_ATTEMPTS, RETRY_DELAYS_MS, createMailTransport, deliverDueMail, type MailDeliveryDeps } from "./deliver";
import { enqueueMail } from "./outbox";
import { passwordResetMail } from "./templates";

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const FROM = "Merchant dashboard <dashboard@merchant.example>";

describe.each(testDatabaseTargets())("mail outbox delivery on $name", (target) => {
  let database: TestDatabase;
  let sandbox: RunningSandbox;
  let transport: Transporter;
  /**
   * The workers' clock runs ahead of the real one by `ahead` (rows are queued at the database's own now()). It starts
   * 1 ms ahead: the database stamps a row in microseconds and a JavaScript Date holds milliseconds, so a worker that
   * reads the clock within the millisecond a mail was queued saw it 0–1 ms in the future, not yet due (seen once on
   * PostgreSQL, the whole test in 10 ms). A worker in production simply sends it on its next pass.
   */
  let ahead = 1;
  const logs = memorySink();
  const log = createLogger({ sink: logs.sink });
  const deps = (): MailDeliveryDeps => ({
    db: database.db,
    config: { mail: { smtpUrl: "", from: FROM, catcher: true, inboxUrl: null, workerIntervalMs: 0 } },
    now: () => new Date(Date.now() + ahead),
  });

  beforeAll(async () => {
    database = await target.open();
    sandbox = await startSandbox({ port: 0, dataDir: null, callbackUrl: null });
    transport = createMailTransport(`smtp://127.0.0.1:${sandbox.smtpPort}`);
  }, 60_000);
  afterAll(async () => {
    transport?.close();
    await sandbox?.close();
    await database?.dispose();
  });

  let seq = 0;
  const queue = async (to = `user${++seq}-${target.name}@example.com`) => {
    const id = await enqueueMail(
      database.db,
      to,
      passwordResetMail({
        name: "Ana",
        url: `http://127.0.0.1:3000/set-password?token=tok${seq}`,
        expiresAt: new Date(Date.now() + 3_600_000),
      }),
    );
    return { id, to };
  };
  const row = async (id: string) => (await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
  const caught = (to: string) => sandbox.mail.list(to);

  it("a queued mail reaches the SMTP server exactly once, with a Message-ID from its row id, and its body is cleared", async () => {
    const { id, to } = await queue();
    const report = await deliverDueMail(deps(), { transport, log });
    expect(report.sent).toContain(id);
    await deliverDueMail(deps(), { transport, log }); // nothing left to send
    const mails = caught(to);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: "Reset your merchant dashboard password", messageId: `<${id}@merchant.example>` });
    expect(mails[0]!.links[0]).toMatch(/set-password\?token=tok/);
    const after = await row(id);
    expect(after).toMatchObject({
      status: "sent",
      attempts: 1,
      textBody: null,
      htmlBody: null,
      lockedUntil: null,
      messageId: `<${id}@merchant.example>`,
    });
    expect(after.sentAt).not.toBeNull();
  });

  it("an SMTP server that is down: retried after ~30 s, then ~2 min (jittered), and delivered once it is up", async () => {
    const port = await freePort();
    const down = createMailTransport(`smtp://127.0.0.1:${port}`);
    const { id, to } = await queue();
    const before = Date.now() + ahead;
    const first = await deliverDueMail(deps(), { transport: down, log, random: () => 1 });
    expect(first.retried).toEqual([id]);
    let r = await row(id);
    expect(r).toMatchObject({ status: "pending", attempts: 1, lockedUntil: null });
    expect(r.lastError).toMatch(/ECONNREFUSED/);
    expect(r.nextAttemptAt.getTime() - before).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[0]! * 1.2);
    expect(r.nextAttemptAt.getTime() - before).toBeLessThan(RETRY_DELAYS_MS[0]! * 1.2 + 5_000);
    expect((await deliverDueMail(deps(), { transport: down, log })).retried).toEqual([]); // not due yet
    ahead += RETRY_DELAYS_MS[0]! * 1.2;
    const second = Date.now() + ahead;
    await deliverDueMail(deps(), { transport: down, log, random: () => 0 });
    r = await row(id);
    expect(r).toMatchObject({ status: "pending", attempts: 2 });
    expect(r.nextAttemptAt.getTime() - second).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[1]! * 0.8);
    expect(r.nextAttemptAt.getTime() - second).toBeLessThan(RETRY_DELAYS_MS[1]! * 0.8 + 5_000);
    expect(r.textBody).toContain("set-password?token="); // kept until it is sent
    const up = await startSandbox({ port: 0, dataDir: null, callbackUrl: null, smtpPort: port });
    try {
      ahead += RETRY_DELAYS_MS[1]!;
      expect((await deliverDueMail(deps(), { transport: down, log })).sent).toEqual([id]);
      expect(up.mail.list(to)).toHaveLength(1);
      expect(await row(id)).toMatchObject({ status: "sent", attempts: 3, textBody: null, htmlBody: null });
    } finally {
      down.close();
      await up.close();
    }
  });

  it("a mail claimed by a worker that crashed is left alone while the claim holds, then sent once it lapses", async () => {
    const { id, to } = await queue();
    // The crashed worker: it claimed the mail and never came back from SMTP.
    const hung = { sendMail: () => new Promise<never>(() => {}), close: () => {} } as unknown as Transporter;
    void deliverDueMail(deps(), { transport: hung, log });
    await expect.poll(async () => (await row(id)).status).toBe("sending");
    expect((await deliverDueMail(deps(), { transport, log })).sent).not.toContain(id);
    expect(caught(to)).toHaveLength(0);
    ahead += CLAIM_LOCK_MS + 1;
    expect((await deliverDueMail(deps(), { transport, log })).sent).toContain(id);
    expect(caught(to)).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2, textBody: null });
  });

  it("two workers racing (on Postgres, two connection pools) send each mail once", async () => {
    const queued = await Promise.all(Array.from({ length: 30 }, () => queue()));
    const second = database.url ? await openDatabase({ url: database.url, dataDir: null }) : null;
    const transport2 = createMailTransport(`smtp://127.0.0.1:${sandbox.smtpPort}`);
    try {
      const deps2 = { ...deps(), db: second?.db ?? database.db };
      const [a, b] = await Promise.all([deliverDueMail(deps(), { transport, log }), deliverDueMail(deps2, { transport: transport2, log })]);
      const sent = [...a.sent, ...b.sent];
      for (const q of queued) expect(sent.filter((id) => id === q.id)).toHaveLength(1);
    } finally {
      transport2.close();
      await second?.close();
    }
    for (const q of queued) expect(caught(q.to)).toHaveLength(1);
  });

  it(`a mail that fails ${MAX_ATTEMPTS} times ends 'failed' with its last error, body cleared, logged at warn without body or address`, async () => {
    const down = createMailTransport(`smtp://127.0.0.1:${await freePort()}`);
    const { id, to } = await queue();
    try {
      for (let i = 0; i < MAX_ATTEMPTS; i++) {
        await deliverDueMail(deps(), { transport: down, log });
        ahead += 24 * 3_600_000;
      }
    } finally {
      down.close();
    }
    const r = await row(id);
    expect(r).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, textBody: null, htmlBody: null, lockedUntil: null });
    expect(r.lastError).toMatch(/ECONNREFUSED/);
    const failedLine = logs.lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.event === "mail.failed" && l.id === id)!;
    expect(failedLine).toMatchObject({ level: "warn", kind: "password_reset", attempts: MAX_ATTEMPTS });
    expect(logs.text()).not.toContain("set-password?token=");
    expect(logs.text()).not.toContain(to);
  });
});
