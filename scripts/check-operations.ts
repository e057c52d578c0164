// Two things an operator relies on, tried on the packaged app (the Dockerfile's CMD from an empty folder) with a
// private PostgreSQL server (scripts/lib/private-postgres.ts) and the sandbox gateway:
// 1. A boot with the database down recovers by itself. Two instances start at the same moment while PostgreSQL
//    refuses connections: they are live, and not ready (503, naming no host); the sign-in form refuses with a
//    message a person can act on. Then the server starts, empty: the two race for the migrations, and with no
//    request to help them each one's background work starts (its log says so); both are ready, a signed-in read
//    (on both, one session), the notification receiver (on both) and the mail worker (an invitation caught by the
//    sandbox's mail catcher) all work, each within RECOVERY_BUDGET_S of the return.
// 2. SIGTERM under load drops nothing. Signed-in reads and signed gateway callbacks, each on a connection of its own,
//    are sent while a load balancer (this script, probing readiness every 250 ms) keeps the instance in rotation;
//    SIGTERM comes in the middle. Readiness turns 503, the balancer stops sending, every request sent is answered
//    (0 reset, only 2xx), every callback acknowledged is stored and processed before the exit, and it exits 0.
// 3. Traces are exported by OTLP (to a receiver this script runs): Next.js's request spans, database transactions
//    and gateway calls, with no secret, password or payer e-mail in them.
// Part of `npm test`, after the build; by hand: `npm run build && npx tsx scripts/check-operations.ts`.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { openDatabase } from "../server/db/client";
import { CHROMIUM, CHROMIUM_ARGS, seedSandboxPayment } from "./lib/bench-stack";
import { runStage, stageEnv } from "./lib/dockerfile";
import { PrivatePostgres, privatePostgresUnavailable } from "./lib/private-postgres";
import { bin, freePort, ROOT, startChild, stopAll, waitForUrl } from "./lib/processes";
import { signedSaleCallbacks, transDate } from "./lib/signed-callbacks";
import { packageStandalone } from "./package-standalone";

/** The issue's bar: every part of the app works within this many seconds of the database's return. */
const RECOVERY_BUDGET_S = 10;
/** Load before SIGTERM, and the connections kept busy meanwhile (each request on a new one). */
const LOAD_BEFORE_STOP_MS = 2_000;
const READERS = 4;
const CALLERS = 4;

const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const unavailable = privatePostgresUnavailable();
if (unavailable) {
  // Debian's postgresql package is on CI's machine: this is for a contributor's laptop without it.
  console.log(`skipped: ${unavailable}`);
  process.exit(0);
}

const ADMIN = { email: "ops-admin@example.com", password: "ops-check-password-123456" };
const WEBHOOK_SECRET = "ops-check-webhook-secret-0123456789";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "operations-"));
const pg = new PrivatePostgres(await freePort());
pg.init(); // initialised, not started: the app boots with its database refusing connections
// The sandbox as `npm start` runs it: a process of its own, its state in this check's folder.
const sandboxPort = await freePort();
const smtpPort = await freePort();
const sandboxProcess = startChild(
  "sandbox",
  bin("tsx"),
  [path.join(ROOT, "sandbox/main.ts")],
  {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    SANDBOX_PORT: String(sandboxPort),
    SANDBOX_SMTP_PORT: String(smtpPort),
    DATA_DIR: path.join(work, "sandbox-data"),
  },
  { file: path.join(work, "sandbox.log") },
);
const sandbox = { url: `http://127.0.0.1:${sandboxPort}`, smtpPort };
await waitForUrl(`${sandbox.url}/__sandbox/mail?to=nobody%40example.com`, 60_000, sandboxProcess);

/** Polls the sandbox's mail catcher until a mail to `to` with a matching subject is there. */
async function waitForMail(to: string, subject: RegExp, timeoutMs: number): Promise<void> {
  await until(`a mail to ${to}`, timeoutMs, async () => {
    const res = await fetch(`${sandbox.url}/__sandbox/mail?to=${encodeURIComponent(to)}`);
    const { mails } = (await res.json()) as { mails: Array<{ subject: string }> };
    return mails.some((m) => subject.test(m.subject));
  });
}

// An OTLP/HTTP trace receiver (what a collector would be): the app exports its traces here (JSON, as the exporter
// sends them by default).
const traceBodies: string[] = [];
const collector = http.createServer((req, res) => {
  let body = "";
  req.setEncoding("utf8");
  req.on("data", (c: string) => (body += c));
  req.on("end", () => {
    if (req.url === "/v1/traces") traceBodies.push(body);
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
});
await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
const collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;

const stage = runStage(fs.readFileSync(path.join(ROOT, "Dockerfile"), "utf8"));
if (!stage.cmd) throw new Error("the Dockerfile's run stage has no CMD");
const appDir = path.join(work, "app");
packageStandalone(appDir);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// A second instance on the same database, started at the same moment (the two race for the migrations once the
// database is there): both must serve. A session made on one is good on the other (one NEXTAUTH_SECRET).
const portB = await freePort();
const baseB = `http://127.0.0.1:${portB}`;
const env: NodeJS.ProcessEnv = {
  ...stageEnv(stage),
  PORT: String(port),
  APP_URL: base,
  DATA_DIR: path.join(work, "data"),
  DATABASE_URL: pg.url,
  SANDBOX_PORT: String(new URL(sandbox.url).port),
  SANDBOX_SMTP_PORT: String(sandbox.smtpPort),
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  GATEWAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
  NEXTAUTH_SECRET: "ops-check-auth-secret-0123456789abcdef0123456789",
  // This check signs in with a password alone; the default stays MFA for everyone.
  MFA_REQUIRED: "none",
  OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl,
};

/** The instances' JSON log lines, as they come, each with the instance that wrote it. */
const events: Array<{ at: number; event: string; instance: "A" | "B"; line: Record<string, unknown> }> = [];
let output = "";
function startApp(instance: "A" | "B", over: Record<string, string> = {}): { child: ChildProcess; exited: Promise<number | null> } {
  const [cmd, ...args] = stage.cmd!;
  const child = spawn(cmd === "node" ? process.execPath : cmd!, args, {
    cwd: appDir,
    env: { ...env, ...over },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let pending = "";
  const take = (d: Buffer) => {
    output += d.toString().replace(/^/gm, `${instance} `);
    pending += d.toString();
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const text of lines) {
      try {
        const line = JSON.parse(text) as Record<string, unknown>;
        if (typeof line.event === "string") events.push({ at: Date.now(), event: line.event, instance, line });
      } catch {
        // Next's own start lines are not JSON.
      }
    }
  };
  child.stdout!.on("data", take);
  child.stderr!.on("data", take);
  return { child, exited: new Promise((resolve) => child.once("exit", (code) => resolve(code))) };
}

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | null | undefined | false>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const got = await probe().catch(() => null);
    if (got) return got;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${seconds(timeoutMs)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** One request on a connection of its own: its status, or how it failed ("refused" before it was taken, "reset" after). */
function oneRequest(
  method: "GET" | "POST",
  urlPath: string,
  headers: Record<string, string>,
  body?: string,
  to = port,
): Promise<{ status: number } | { error: "refused" | "reset"; code: string }> {
  return new Promise((resolve) => {
    const req = http.request(
      { host: "127.0.0.1", port: to, method, path: urlPath, agent: false, headers: { ...headers, connection: "close" } },
      (res) => {
        res.resume();
        res.once("end", () => resolve({ status: res.statusCode ?? 0 }));
        res.once("error", (e: NodeJS.ErrnoException) => resolve({ error: "reset", code: e.code ?? e.message }));
      },
    );
    req.once("error", (e: NodeJS.ErrnoException) =>
      resolve({ error: e.code === "ECONNREFUSED" ? "refused" : "reset", code: e.code ?? e.message }),
    );
    req.setTimeout(60_000, () => req.destroy(new Error("timed out")));
    req.end(body);
  });
}

const { chromium } = await import("@playwright/test");
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const app = startApp("A");
const appB = startApp("B", { PORT: String(portB), APP_URL: baseB, DATA_DIR: path.join(work, "data-b") });
try {
  // --- 1. A boot with the database down ---
  const live = await until("liveness with the database down", 60_000, async () => (await fetch(`${base}/api/health/live`)).ok);
  check(live, "live while its database refuses connections");
  check(
    await until("liveness of instance B", 60_000, async () => (await fetch(`${baseB}/api/health/live`)).ok),
    "instance B, started at the same moment, is live too",
  );
  const notReady = await fetch(`${base}/api/health/ready`);
  const notReadyBody = await notReady.text();
  check(notReady.status === 503 && /"database":"failed"/.test(notReadyBody), `not ready meanwhile: ${notReady.status} ${notReadyBody}`);
  check(!notReadyBody.includes(String(pg.port)) && !/postgres/i.test(notReadyBody), "the public answer names no host or database");
  // A person at the sign-in page while the database is down: the page itself needs no database.
  const page = await browser.newPage({ baseURL: base });
  const login = await page.goto("/login");
  check(login?.status() === 200, `the sign-in page opens meanwhile (${login?.status()})`);
  // Typing before React has hydrated the form would reach no handler (the root layout marks <html data-hydrated>).
  await page.locator("html[data-hydrated]").waitFor({ timeout: 30_000 });
  // They try to sign in: refused with a message, the form still there (and the modules every later step needs are
  // loaded, as they are in an instance that has been serving: the budget below is for recovering, not for a cold
  // start). Signed-out API calls get their usual 401, not a 500.
  await page.getByLabel("E-mail").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  const attempt = page.waitForResponse((r) => r.url().includes("/api/auth/callback/credentials"));
  await page.getByRole("button", { name: "Sign in" }).click();
  const refused = await attempt;
  // The alert that says something: Next.js's route announcer is an (empty) alert too, there before the form's message
  // is rendered, and taking it raced the render (a run read "" and failed).
  const alert = page.getByRole("alert").filter({ hasText: /\S/ }).first();
  await alert.waitFor({ timeout: 30_000 });
  const said = (await alert.textContent()) ?? "";
  check(
    new URL(page.url()).pathname === "/login" && /not possible right now/.test(said) && !/ECONN|127\.0\.0\.1|postgres/i.test(said),
    `a sign-in meanwhile is refused with a message the person can act on (${refused.status()}: "${said}")`,
  );
  const signedOut = await Promise.all([
    oneRequest("GET", "/api/transactions", {}),
    oneRequest("POST", "/api/admin/users", { origin: base, "content-type": "application/json" }, "{}"),
  ]);
  check(
    signedOut.every((r) => "status" in r && r.status === 401),
    `signed-out API calls meanwhile answer 401 (${signedOut.map((r) => JSON.stringify(r)).join(", ")})`,
  );
  // The app's own retries, and nothing else, until the database is back: no request from here on until the log says so.
  await new Promise((r) => setTimeout(r, 1_500));

  pg.start();
  const back = Date.now();
  const since = () => seconds(Date.now() - back);
  const withinBudget = () => Date.now() - back <= RECOVERY_BUDGET_S * 1000;
  for (const instance of ["A", "B"] as const) {
    const started = await until(`instance ${instance}'s background work after the database's return`, 60_000, async () =>
      events.find((e) => e.event === "background.started" && e.instance === instance && e.at >= back),
    );
    check(
      started.at - back <= RECOVERY_BUDGET_S * 1000,
      `instance ${instance}: background work started by itself ${seconds(started.at - back)} after the return`,
    );
  }
  // A load balancer's probes, as it would keep asking.
  for (const at of [base, baseB]) await until(`readiness of ${at}`, 60_000, async () => (await fetch(`${at}/api/health/ready`)).ok);
  check(withinBudget(), `both instances ready ${since()} after the return (they started together on an empty database)`);

  const receiver = `/api/webhooks/gateway/${WEBHOOK_SECRET}`;
  const form = { "content-type": "application/x-www-form-urlencoded" };
  // What the script reads back, on a client of its own (the app's pool is the app's).
  const pgClient = postgres(pg.url, { max: 2, onnotice: () => {} });
  const storedDates = async (transId: string, year: number): Promise<Set<string>> => {
    const rows = await pgClient<Array<{ d: string }>>`select payload->>'trans_date' as d from gateway_notifications
        where trans_id = ${transId} and payload->>'trans_date' like ${`%-${year} %`}`;
    return new Set(rows.map((r) => r.d));
  };

  /** A well-formed callback (a bad hash) about a payment this database does not know: stored, never acted on. */
  const unknownPaymentCallback = (transId: string, second: number) =>
    new URLSearchParams({
      action: "SALE",
      result: "SUCCESS",
      status: "SETTLED",
      order_id: `ops-unknown-${transId}`,
      trans_id: transId,
      trans_date: transDate(2016, second),
      hash: "0".repeat(32),
    }).toString();
  // The receiver (the gateway needs no session) and a person signing in, at the same time, as it would happen.
  const receiverWorks = (async () => {
    const transId = randomUUID();
    const received = await oneRequest("POST", receiver, form, unknownPaymentCallback(transId, 0));
    const ok = "status" in received && received.status === 200 && (await storedDates(transId, 2016)).size === 1;
    check(ok && withinBudget(), `the receiver stores a callback ${since()} after the return (${JSON.stringify(received)})`);
  })();
  await page.getByLabel("E-mail").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  // Signed in once the credentials answer sets the session cookie (the overview's render that follows is the page's
  // business, not what is timed here).
  const signedIn = page.waitForResponse((r) => r.url().includes("/api/auth/callback/credentials"), { timeout: 30_000 });
  await page.getByRole("button", { name: "Sign in" }).click();
  check((await signedIn).ok(), "the sign-in is accepted once the database is back");
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const invitee = `ops.${Date.now()}@example.com`;
  const [read, invited] = await Promise.all([
    page.request.get("/api/transactions"),
    page.request.post("/api/admin/users", {
      headers: { origin: base }, // the dashboard refuses state-changing requests from other origins
      data: { email: invitee, name: "Omar Ops", phoneNumber: "+966501234567", userType: "USER", roleNames: ["read-only"] },
    }),
  ]);
  check(read.status() === 200 && withinBudget(), `signed in, and a signed-in read answers ${read.status()} ${since()} after the return`);
  // The second instance serves the same session, and its receiver stores what it acknowledges.
  const readB = await oneRequest("GET", "/api/transactions", { cookie }, undefined, portB);
  check("status" in readB && readB.status === 200, `instance B serves a signed-in read with the same session (${JSON.stringify(readB)})`);
  const transIdB = randomUUID();
  const receivedB = await oneRequest("POST", receiver, form, unknownPaymentCallback(transIdB, 1), portB);
  check(
    "status" in receivedB && receivedB.status === 200 && (await storedDates(transIdB, 2016)).size === 1,
    `instance B's receiver stores a callback (${JSON.stringify(receivedB)})`,
  );
  check(invited.ok(), `a new user is invited (${invited.status()})`);
  await waitForMail(invitee, /invited/i, 30_000);
  check(withinBudget(), `the mail worker delivers the invitation ${since()} after the return`);
  await receiverWorks;

  // A payment the callbacks under load are about (a sale at the sandbox, in the ledger as the dashboard records it).
  const database = await openDatabase({ url: pg.url, dataDir: null, poolSize: 2 });
  const pay = await seedSandboxPayment({ appUrl: base, sandboxUrl: sandbox.url, database });
  const signed = signedSaleCallbacks(pay);
  /** A signed callback for the seeded payment; `second` makes each one distinct (its trans_date, so its dedupe key). */
  const callback = (year: number, second: number) => signed(transDate(year, second));

  // --- 2. SIGTERM under load ---
  const outcomes: Array<{
    kind: "read" | "callback";
    result: Awaited<ReturnType<typeof oneRequest>>;
    startedAt: number;
    endedAt: number;
    date?: string;
  }> = [];
  let sigtermAt = Infinity;
  let second = 0;
  // The load balancer: it probes readiness every 250 ms and sends nothing more once it has seen anything but 200.
  let inRotation = true;
  const readinessSeen: string[] = [];
  const balancer = (async () => {
    while (inRotation) {
      const probe = await oneRequest("GET", "/api/health/ready", {});
      const seen = "status" in probe ? String(probe.status) : probe.error;
      if (readinessSeen.at(-1) !== seen) readinessSeen.push(seen);
      if (seen !== "200") inRotation = false;
      else await new Promise((r) => setTimeout(r, 250));
    }
  })();
  const loop = async (kind: "read" | "callback") => {
    const loopEnd = Date.now() + 60_000;
    while (inRotation && Date.now() < loopEnd) {
      const startedAt = Date.now();
      const n = second++;
      const date = kind === "callback" ? transDate(2017, n) : undefined;
      const result =
        kind === "read"
          ? await oneRequest("GET", "/api/transactions", { cookie })
          : await oneRequest("POST", receiver, form, callback(2017, n));
      outcomes.push({ kind, result, startedAt, endedAt: Date.now(), date });
      if ("error" in result && result.error === "refused") return; // it stopped taking connections
    }
  };
  const loops = [...Array.from({ length: READERS }, () => loop("read")), ...Array.from({ length: CALLERS }, () => loop("callback"))];
  await new Promise((r) => setTimeout(r, LOAD_BEFORE_STOP_MS));
  sigtermAt = Date.now();
  app.child.kill("SIGTERM");
  await Promise.all([...loops, balancer]);
  const code = await Promise.race([app.exited, new Promise<"timeout">((r) => setTimeout(() => r("timeout"), 40_000))]);
  if (code === "timeout") app.child.kill("SIGKILL");

  const taken = outcomes.filter((o) => "status" in o.result);
  const resets = outcomes.filter((o) => "error" in o.result && o.result.error === "reset");
  const notOk = taken.filter((o) => "status" in o.result && (o.result.status < 200 || o.result.status > 299));
  const acrossStop = outcomes.filter((o) => o.startedAt < sigtermAt && o.endedAt >= sigtermAt && "status" in o.result);
  const acknowledged = taken.filter((o) => o.kind === "callback").map((o) => o.date!);
  const kept = await storedDates(pay.transId, 2017);
  const lost = acknowledged.filter((d) => !kept.has(d));
  const afterStop = taken.filter((o) => o.startedAt >= sigtermAt);
  const processing = await pgClient<Array<{ open: number }>>`select count(*)::int as open from gateway_notifications
      where trans_id = ${pay.transId} and payload->>'trans_date' like '%-2017 %' and processed_at is null`;
  const failedAfter = events.filter((e) => e.at >= sigtermAt && /failed/.test(e.event)).map((e) => e.event);
  console.log(`readiness as the balancer saw it: ${readinessSeen.join(" → ")}`);
  console.log(
    `under load: ${taken.length} answered (${taken.filter((o) => o.kind === "read").length} reads, ${acknowledged.length} callbacks), ` +
      `${acrossStop.length} in flight when SIGTERM was sent, ${resets.length} reset, ` +
      `${outcomes.length - taken.length - resets.length} refused after it stopped taking connections`,
  );
  check(acrossStop.length > 0, "requests were in flight when SIGTERM came (the check means something)");
  check(readinessSeen.includes("503"), "readiness answered 503 while the instance was stopping, and the balancer took it out");
  check(afterStop.length > 0, `requests that came after SIGTERM, before the balancer noticed, were served (${afterStop.length})`);
  check(processing[0]?.open === 0, `every acknowledged callback was processed before the exit (${processing[0]?.open} left)`);
  check(failedAfter.length === 0, `nothing failed during the stop${failedAfter.length ? ` (${failedAfter.join(", ")})` : ""}`);
  check(resets.length === 0, `no request reset${resets.length ? `: ${resets.map((o) => JSON.stringify(o.result)).join(", ")}` : ""}`);
  check(
    notOk.length === 0,
    `every request taken answered 2xx${notOk.length ? ` (${notOk.map((o) => JSON.stringify(o.result)).join(", ")})` : ""}`,
  );
  check(lost.length === 0, `every acknowledged callback is stored (${acknowledged.length - lost.length}/${acknowledged.length})`);
  check(code === 0, `exit code 0 after SIGTERM (got ${code})`);
  appB.child.kill("SIGTERM");
  const codeB = await Promise.race([appB.exited, new Promise<"timeout">((r) => setTimeout(() => r("timeout"), 40_000))]);
  check(codeB === 0, `instance B stops with exit code 0 too (got ${codeB})`);

  // --- 3. The traces it exported (the last batch at the stop) ---
  const spans = traceBodies.flatMap(
    (b) =>
      (JSON.parse(b) as { resourceSpans?: Array<{ scopeSpans?: Array<{ spans?: Array<{ name: string }> }> }> }).resourceSpans?.flatMap(
        (r) => r.scopeSpans?.flatMap((sc) => sc.spans ?? []) ?? [],
      ) ?? [],
  );
  const names = new Set(spans.map((sp) => sp.name));
  console.log(`traces: ${spans.length} spans in ${traceBodies.length} exports, e.g. ${[...names].slice(0, 8).join(" | ")}`);
  check(
    [...names].some((n) => /\/api\/transactions/.test(n)),
    "Next.js's request spans are exported (GET /api/transactions)",
  );
  check(names.has("db.transaction"), "database transactions are spans");
  check(
    [...names].some((n) => n.startsWith("gateway ")),
    "gateway calls are spans",
  );
  const allTraces = traceBodies.join("\n");
  const leaked = [WEBHOOK_SECRET, ADMIN.password, pay.email].filter((v) => allTraces.includes(v));
  check(leaked.length === 0, `no secret, password or payer e-mail in the traces${leaked.length ? ` (found ${leaked.length})` : ""}`);
  await database.close();
  await pgClient.end();
} catch (e) {
  failures.push(e instanceof Error ? e.message : String(e));
  console.log(`FAIL ${e instanceof Error ? e.message : String(e)}`);
} finally {
  for (const a of [app, appB]) if (a.child.exitCode === null) a.child.kill("SIGKILL");
  await browser.close();
  await stopAll([sandboxProcess]);
  collector.close();
  pg.remove();
}

if (failures.length) {
  console.log(`\nThe app's output (last 60 lines):\n${output.split("\n").slice(-60).join("\n")}`);
  console.log(`\n${failures.length} check(s) failed; the folder is kept in ${work}`);
  process.exit(1);
}
fs.rmSync(work, { recursive: true, force: true });
console.log("\nthe packaged app recovers from a database that was down at boot, and stops under load without dropping anything");
