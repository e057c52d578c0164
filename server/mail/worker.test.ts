// Rules guarded: mail queued by a committed transaction goes out at once when the worker is woken (an invitation
// must not wait for the next tick); in test mode the configuration points the worker at the sandbox's catcher.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../config";
import { testDatabaseTargets, type TestDatabase } from "../../tests/support/db.support";
import { createLogger } from "../log/logger";
import { startSandbox, type RunningSandbox } from "../../sandbox/server";
import { enqueueMail } from "./outbox";
import { passwordResetMail } from "./templates";
import { startMailWorker } from "./worker";

describe.each(testDatabaseTargets())("mail worker on $name", (target) => {
  let database: TestDatabase;
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    database = await target.open();
    sandbox = await startSandbox({ port: 0, dataDir: null, callbackUrl: null });
  }, 60_000);
  afterAll(async () => {
    await sandbox?.close();
    await database?.dispose();
  });

  it("a woken worker sends a just-queued mail within a second or two, long before its next tick", async () => {
    const config = readConfig({ DATA_DIR: "/tmp/unused-test-data", SANDBOX_SMTP_PORT: String(sandbox.smtpPort) });
    expect(config.mail).toMatchObject({ catcher: true, smtpUrl: `smtp://127.0.0.1:${sandbox.smtpPort}`, workerIntervalMs: 5_000 });
    const worker = startMailWorker({ db: database.db, config, now: () => new Date() }, 3_600_000, {
      log: createLogger({ sink: () => {} }),
    });
    try {
      const to = `wake-${target.name}@example.com`;
      await enqueueMail(
        database.db,
        to,
        passwordResetMail({ name: "Ana", url: "http://127.0.0.1:3000/set-password?token=w", expiresAt: new Date(Date.now() + 3_600_000) }),
      );
      worker.wake();
      // The worker's interval is an hour: a mail within seconds was sent because of the wake (10 s for a busy machine).
      await expect.poll(() => sandbox.mail.list(to).length, { timeout: 10_000 }).toBe(1);
    } finally {
      await worker.stop();
    }
  });
});
