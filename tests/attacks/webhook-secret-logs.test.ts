import "./next-scope.support"; // first: Next's request scope needs the global AsyncLocalStorage before Next loads
// Threats guarded: the notification receiver's path secret (/api/webhooks/gateway/<secret>, its whole credential)
// leaking into a log line: a failing notification request logs the route pattern, never the path; and the default
// logger scrubs the webhook secret's value (and the other known secrets) from any line, whatever field holds it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets } from "../support/db.support";
import { env } from "../../server/env";
import { createLogger, memorySink } from "../../server/log/logger";
import { webhookSecret } from "../../server/webhook-secret";
import {
  call,
  captureAppLog,
  declaredRoutes,
  installDatabase,
  routeOf,
  SECRETS,
  startAttackSandbox,
  stopAttackSandbox,
  uninstallDatabase,
} from "./harness.support";

const HOOK = routeOf(await declaredRoutes(), "POST", "webhooks/gateway/[secret]");
const HEADER_HOOK = routeOf(await declaredRoutes(), "POST", "webhooks/gateway");

describe("the webhook secret in logs", () => {
  beforeAll(async () => {
    // The harness points the app at a "real" gateway (the sandbox by URL), which needs an SMTP server configured.
    process.env.SMTP_URL ??= "smtp://127.0.0.1:9";
    process.env.MAIL_FROM ??= "dashboard@example.test";
    await startAttackSandbox();
  });
  afterAll(async () => {
    await uninstallDatabase();
    await stopAttackSandbox();
  });

  it("a notification request that fails inside logs the route pattern, never the secret path segment", async () => {
    const database = await testDatabaseTargets()[0]!.open();
    await installDatabase(database);
    await database.dispose(); // every query now fails: the receiver's error path logs the request
    const log = captureAppLog();
    try {
      const res = await call(HOOK, {
        params: { secret: SECRETS.webhook },
        origin: null,
        body: new URLSearchParams({
          action: "SALE",
          result: "SUCCESS",
          status: "SETTLED",
          order_id: "o-1",
          trans_id: "t-1",
          hash: "x",
        }).toString(),
        contentType: "application/x-www-form-urlencoded",
      });
      expect(res.status).toBeGreaterThanOrEqual(500);
    } finally {
      log.restore();
    }
    expect(log.lines.length).toBeGreaterThan(0);
    const text = log.lines.join("\n");
    expect(text).not.toContain(SECRETS.webhook);
    expect(text).toContain("/api/webhooks/gateway/[secret]");
  });

  it("the header door (X-Webhook-Secret) failing inside logs its path, never the header's value", async () => {
    const database = await testDatabaseTargets()[0]!.open();
    await installDatabase(database);
    await database.dispose(); // every query now fails
    const log = captureAppLog();
    try {
      const res = await call(HEADER_HOOK, {
        origin: null,
        headers: { "x-webhook-secret": SECRETS.webhook },
        body: new URLSearchParams({
          action: "SALE",
          result: "SUCCESS",
          status: "SETTLED",
          order_id: "o-2",
          trans_id: "t-2",
          hash: "x",
        }).toString(),
        contentType: "application/x-www-form-urlencoded",
      });
      expect(res.status).toBeGreaterThanOrEqual(500);
    } finally {
      log.restore();
    }
    const text = log.lines.join("\n");
    expect(log.lines.length).toBeGreaterThan(0);
    expect(text).not.toContain(SECRETS.webhook);
    expect(text).toContain("/api/webhooks/gateway");
  });

  it("the default logger redacts the webhook secret's value wherever it appears", () => {
    const secret = webhookSecret(env());
    expect(secret).toBe(SECRETS.webhook);
    const mem = memorySink();
    const log = createLogger({ sink: mem.sink });
    log.error("anything", { url: `http://app/api/webhooks/gateway/${secret}?x=1`, nested: { note: `secret=${secret}` } });
    expect(mem.text()).not.toContain(secret);
    expect(mem.text()).toContain("[REDACTED]");
  });

  it("the default logger also knows the gateway's API key and merchant secret once the configuration is read", () => {
    env();
    const mem = memorySink();
    createLogger({ sink: mem.sink }).warn("oops", { message: `key ${SECRETS.apiKey} and ${SECRETS.merchantSecret}` });
    expect(mem.text()).not.toContain(SECRETS.apiKey);
    expect(mem.text()).not.toContain(SECRETS.merchantSecret);
  });
});
