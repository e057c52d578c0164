// The benchmarks' running dashboard: a fresh PostgreSQL database of its own (created here, dropped on stop), the
// starter roles and one super-admin, realistic ledger data (60 payments, one with two refunds and a timeline),
// then `scripts/start.ts` exactly as a user runs it (sandbox + `next start`) from an existing build.
// The database is Postgres, not the embedded PGlite, so that the benchmark can seed and count rows while the
// dashboard runs (PGlite allows one process only). Not a test fixture: used by scripts/bench*.ts only.
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromiumPath } from "./chromium";
import type { ChildProcess } from "node:child_process";
import postgres from "postgres";
import { appendAuditNow } from "../../server/audit/audit-log";
import { createUser, seedLocalRoles } from "../../server/auth/users";
import { openDatabase, type Database } from "../../server/db/client";
import { gatewayCalls, gatewayNotifications, paymentActions, payments, roles } from "../../server/db/schema";
import { cardPartsOf } from "../../server/gateway/signing";
import { bin, ROOT, startChild, stopAll, waitForUrl } from "./processes";

export const BENCH_ADMIN = { email: "bench-admin@example.com", password: "bench-password-123456" };
export const BENCH_WEBHOOK_SECRET = "bench-webhook-secret-0123456789";
export const CHROMIUM = chromiumPath();
/** The launch flags of playwright.config.ts: the machine has no route to the internet. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface BenchStack {
  appUrl: string;
  sandboxUrl: string;
  database: Database;
  /** Ids of seeded rows the pages and benchmarks open. */
  ids: { refundedPayment: string; roleId: string };
  stop(): Promise<void>;
}

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** Fails early, with the port, when something else already listens there. */
export async function assertPortFree(port: number): Promise<void> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1_000) });
    await res.body?.cancel();
  } catch {
    return;
  }
  throw new Error(`port ${port} is already in use on 127.0.0.1`);
}

async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_web_${randomBytes(4).toString("hex")}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end({ timeout: 5 });
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const a = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
      await a.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end({ timeout: 5 });
    },
  };
}

const STATUSES = [
  "captured",
  "captured",
  "captured",
  "authorized",
  "refunded",
  "partially_refunded",
  "declined",
  "voided",
  "pending",
  "failed",
] as const;
const NAMES = ["Noura Haddad", "نورة الحداد", "Omar Saleh", "Layla Hassan", "عبدالله العتيبي", "Fatima Al-Zahrani"];
const BRANCHES = ["Riyadh Olaya", "فرع الرياض", "Jeddah Corniche", "فرع جدة التحلية", "Dammam Central"];

/** 60 payments over the last 30 days, one captured payment with two refunds, gateway calls and a notification. */
async function seedLedger(database: Database, adminId: string): Promise<{ refundedPayment: string; roleId: string }> {
  const db = database.db;
  const now = Date.now();
  const rows = Array.from({ length: 60 }, (_, i) => {
    const status = STATUSES[i % STATUSES.length]!;
    const amount = 1_000 + ((i * 7919) % 250_000);
    const captured = ["captured", "partially_refunded", "refunded"].includes(status) ? amount : 0;
    const refunded = status === "refunded" ? amount : status === "partially_refunded" ? Math.floor(amount / 2) : 0;
    const last4 = String(1000 + ((i * 37) % 9000)).slice(-4);
    return {
      orderId: `BENCH-${String(i + 1).padStart(4, "0")}`,
      gatewayId: status === "pending" ? null : randomUUID(),
      kind: (["sale", "auth", "recurring", "checkout"] as const)[i % 4]!,
      status,
      currency: i % 7 === 0 ? "USD" : "SAR",
      amountMinor: amount,
      authorizedMinor: ["pending", "declined", "failed"].includes(status) ? 0 : amount,
      capturedMinor: captured,
      refundedMinor: refunded,
      description: i % 3 === 0 ? "Order from the online shop" : null,
      payerName: NAMES[i % NAMES.length]!,
      payerEmail: `payer${i}@example.com`,
      cardBin6: "411111",
      cardLast4: last4,
      cardBrand: i % 2 ? "VISA" : "MASTERCARD",
      branchId: BRANCHES[i % BRANCHES.length]!,
      createdBy: adminId,
      createdAt: new Date(now - i * 11 * 3_600_000),
      updatedAt: new Date(now - i * 11 * 3_600_000),
    };
  });
  await db.insert(payments).values(rows);
  // The payment whose page is measured: captured 1,250.00 SAR, refunded 300.00 + 150.00, with its gateway calls.
  const gatewayId = randomUUID();
  const [p] = await db
    .insert(payments)
    .values({
      orderId: "BENCH-REFUNDED",
      gatewayId,
      kind: "sale",
      status: "partially_refunded",
      currency: "SAR",
      amountMinor: 125_000,
      authorizedMinor: 125_000,
      capturedMinor: 125_000,
      refundedMinor: 45_000,
      payerName: "نورة الحداد",
      payerEmail: "noura@example.com",
      cardBin6: "411111",
      cardLast4: "1111",
      cardBrand: "VISA",
      branchId: "Riyadh Olaya",
      createdBy: adminId,
      createdAt: new Date(now - 3_600_000),
    })
    .returning();
  const refund = (amountMinor: number, minutesAgo: number) => ({
    paymentId: p!.id,
    type: "refund",
    method: "partial",
    state: "succeeded",
    amountMinor,
    currency: "SAR",
    reasonCode: "customer_request",
    note: "Returned item",
    idempotencyKey: randomUUID(),
    requestHash: randomBytes(16).toString("hex"),
    requestedBy: adminId,
    createdAt: new Date(now - minutesAgo * 60_000),
    completedAt: new Date(now - minutesAgo * 60_000 + 800),
  });
  await db.insert(paymentActions).values([refund(30_000, 40), refund(15_000, 20)]);
  const call = (operation: string, minutesAgo: number) => ({
    operation,
    orderId: "BENCH-REFUNDED",
    transactionId: gatewayId,
    outcome: "success",
    gatewayCode: "SUCCESS",
    httpStatus: 200,
    latencyMs: 120,
    request: { action: operation },
    response: { result: "SUCCESS" },
    startedAt: new Date(now - minutesAgo * 60_000),
  });
  await db
    .insert(gatewayCalls)
    .values([call("SALE", 60), call("CAPTURE", 55), call("PARTIAL_REFUND", 40), call("PARTIAL_REFUND", 20), call("GET_TRANS_STATUS", 10)]);
  await db.insert(gatewayNotifications).values({
    dedupeKey: randomBytes(16).toString("hex"),
    action: "SALE",
    result: "SUCCESS",
    status: "SETTLED",
    transId: gatewayId,
    orderId: "BENCH-REFUNDED",
    hashValid: true,
    payload: { action: "SALE", result: "SUCCESS" },
    processingResult: "no_change",
    processedAt: new Date(now - 58 * 60_000),
    paymentId: p!.id,
  });
  for (const a of ["payment.created", "refund.created", "refund.created"]) {
    await appendAuditNow(db, {
      action: a,
      actorId: adminId,
      actorEmail: BENCH_ADMIN.email,
      ip: "127.0.0.1",
      targetType: "payment",
      targetId: p!.id,
      summary: {},
    });
  }
  const [role] = await db.select({ id: roles.id }).from(roles).limit(1);
  return { refundedPayment: p!.id, roleId: role!.id };
}

/** Starts the seeded stack on the given ports from the build in `distDir` (which must exist). */
export async function startBenchStack(opts: { port: number; sandboxPort: number; distDir: string; quiet?: boolean }): Promise<BenchStack> {
  if (!fs.existsSync(path.join(ROOT, opts.distDir, "BUILD_ID"))) throw new Error(`no build in ${opts.distDir}: run the build first`);
  await assertPortFree(opts.port);
  await assertPortFree(opts.sandboxPort);
  const created = await createDatabase();
  const database = await openDatabase({ url: created.url, dataDir: null, poolSize: 4 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-stack-"));
  let child: ChildProcess | null = null;
  const stop = async () => {
    if (child) await stopAll([child], 10_000);
    await database.close().catch(() => {});
    await created.drop().catch((e: unknown) => console.error("could not drop the bench database:", e));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await seedLocalRoles(database.db);
    const admin = await createUser(
      database.db,
      { email: BENCH_ADMIN.email, name: "Bench Admin", password: BENCH_ADMIN.password, userType: "SUPER_ADMIN", roleNames: [] },
      { id: null, email: "bench-seed" },
    );
    const ids = await seedLedger(database, (admin as { id: string }).id);
    const appUrl = `http://127.0.0.1:${opts.port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(opts.port),
      SANDBOX_PORT: String(opts.sandboxPort),
      DATA_DIR: dataDir,
      APP_URL: appUrl,
      DATABASE_URL: created.url,
      NEXT_DIST_DIR: opts.distDir,
      DASHBOARD_USE_EXISTING_BUILD: "1",
      GATEWAY_WEBHOOK_SECRET: BENCH_WEBHOOK_SECRET,
      // The benchmarks sign in through the real form with a password alone (signInCookies).
      MFA_REQUIRED: "none",
      // Measured as a production instance runs: one access line per request (npm start's trial default is warn).
      LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
    };
    const c = startChild("bench-stack", bin("tsx"), [path.join(ROOT, "scripts/start.ts")], env);
    child = c;
    if (opts.quiet) {
      c.stdout?.removeAllListeners("data");
      c.stdout?.resume();
    }
    await waitForUrl(`${appUrl}/api/health`, 120_000, c);
    return { appUrl, sandboxUrl: `http://127.0.0.1:${opts.sandboxPort}`, database, ids, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** Signs in through the real form in Chromium (as the super-admin unless told) and returns the session cookies. */
export async function signInCookies(
  appUrl: string,
  who: { email: string; password: string } = BENCH_ADMIN,
): Promise<{ header: string; cookies: Array<{ name: string; value: string; domain: string; path: string }> }> {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(`${appUrl}/login`);
    await page.getByLabel("E-mail").fill(who.email);
    await page.getByLabel("Password").fill(who.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/overview$/, { timeout: 30_000 });
    const cookies = await page.context().cookies();
    return { header: cookies.map((c) => `${c.name}=${c.value}`).join("; "), cookies };
  } finally {
    await browser.close();
  }
}

/** The budgets hold in both languages (#15): each page is measured in English and in Arabic. */
export const BENCH_LANGUAGES = ["en", "ar"] as const;
export type BenchLanguage = (typeof BENCH_LANGUAGES)[number];

/** The cookies of a run in one language: the session (none for the sign-in page) and the `ui-prefs` choice. */
export function languageCookies<C extends { domain: string; path: string }>(
  appUrl: string,
  session: C[],
  language: BenchLanguage,
): Array<C | { name: string; value: string; domain: string; path: string }> {
  const domain = new URL(appUrl).hostname;
  return [...session, { name: "ui-prefs", value: `${language}.latn.0`, domain, path: "/" }];
}

/** A sale at the sandbox (form interface, approved test card) recorded in the ledger as the dashboard records it. */
export async function seedSandboxPayment(
  stack: Pick<BenchStack, "appUrl" | "sandboxUrl"> & { database: Pick<Database, "db"> },
): Promise<{ paymentId: string; transId: string; orderId: string; email: string; card: string }> {
  const { startFormSale } = await import("./merchant-server");
  const orderId = `BENCH-GW-${randomBytes(4).toString("hex")}`;
  const email = "bench-payer@example.com";
  const card = "4111111111111111";
  const sale = await startFormSale(stack.sandboxUrl, {
    orderId,
    card,
    expMonth: "01",
    expYear: "2038",
    email,
    termUrl: `${stack.appUrl}/payments/return`,
  });
  const parts = cardPartsOf(card);
  const [p] = await stack.database.db
    .insert(payments)
    .values({
      orderId,
      gatewayId: sale.transId,
      kind: "sale",
      status: "awaiting_3ds",
      currency: "SAR",
      amountMinor: 2_500,
      payerName: "Bench Payer",
      payerEmail: email,
      cardBin6: parts.bin6,
      cardLast4: parts.last4,
      cardBrand: "VISA",
    })
    .returning();
  return { paymentId: p!.id, transId: sale.transId, orderId, email, card };
}
