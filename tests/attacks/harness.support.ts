// Attack-suite harness: the real route handlers of app/api, called in-process the way Next calls them, on a real
// database (testDatabaseTargets) and the real sandbox gateway over HTTP, with session cookies minted exactly as
// next-auth mints them (JWE with the app's secret) for sessions opened by the real sign-in check. Nothing in the
// auth layer is mocked: an attacker's request goes through the same Origin check, cookie decoding, session-row
// check, permission check, parsing and services as in production.
//
// How the app is pointed at the test's database and sandbox (no code path is replaced):
//   - configuration: process.env is set before the first env() read (env() reads it once, lazily), with secrets
//     unique to this run, so that a leak of any of them can be searched for by value;
//   - database and gateway client: getDatabase() and gatewayClient() keep the process's instance in a
//     globalThis holder (Symbol.for keys, so that dev-mode reloads share them); the harness fills those holders
//     with the test database and a client bound to it, and checks that getDatabase() then returns exactly it.
import { afterTasksSettled, inRequestScope } from "./next-scope.support"; // first: before any Next module loads
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { PERMISSIONS as PERMISSIONS_ALL, type Permission } from "@/lib/permissions";
import { STARTER_ROLES } from "@/lib/starter-roles";
import { startSandbox, type RunningSandbox } from "@/sandbox/server";
import { createUser, seedLocalRoles } from "../../server/auth/users";
import { getDatabase } from "../../server/db";
import type { Db } from "../../server/db/client";
import { createGatewayCallLog } from "../../server/db/gateway-call-log";
import { sessions } from "../../server/db/schema";
import type { TestDatabase } from "../support/db.support";
import { env } from "../../server/env";
import { createGatewayClient, type GatewayClient } from "../../server/gateway/client";
import { createLogger } from "../../server/log/logger";
import { declaredRoutes, type DeclaredRoute } from "../support/declared-routes.support";

export const APP_ORIGIN = "http://dashboard.test";

const hex = (n: number) => randomBytes(n).toString("hex");

/** Every secret the server holds, unique to this run: no response may contain any of them. */
export const SECRETS = {
  nextAuth: `attack-nextauth-secret-${hex(16)}`,
  webhook: `attackhook${hex(12)}`,
  merchantSecret: `attack-merchant-secret-${hex(12)}`,
  apiKey: `attack-api-key-${hex(12)}`,
  smtpPassword: `attack-smtp-password-${hex(12)}`,
};
const CLIENT_KEY = randomUUID();

const DB_KEY = Symbol.for("merchant-dashboard.database");
const GATEWAY_KEY = Symbol.for("merchant-dashboard.gateway-client");
type Holders = { [DB_KEY]?: Promise<unknown>; [GATEWAY_KEY]?: Promise<GatewayClient> };

let sandbox: RunningSandbox | null = null;

/**
 * The sandbox (with this run's merchant secret and API key) and the app's configuration; once per process. The
 * actors' sessions are minted after the password step only, so the suites run with MFA_REQUIRED=none unless they
 * attack the second-factor gate itself (mfa-gate.test.ts asks for "all").
 */
export async function startAttackSandbox(opts: { mfaRequired?: "all" | "admins" | "none" } = {}): Promise<RunningSandbox> {
  if (sandbox) return sandbox;
  sandbox = await startSandbox({
    port: 0,
    dataDir: null,
    callbackUrl: null,
    clientKey: CLIENT_KEY,
    merchantSecret: SECRETS.merchantSecret,
    apiKey: SECRETS.apiKey,
  });
  Object.assign(process.env, {
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "attack-data-")),
    APP_URL: APP_ORIGIN,
    NEXTAUTH_SECRET: SECRETS.nextAuth,
    GATEWAY_WEBHOOK_SECRET: SECRETS.webhook,
    GATEWAY_BASE_URL: sandbox.url,
    GATEWAY_API_URL: sandbox.url,
    GATEWAY_CLIENT_KEY: CLIENT_KEY,
    GATEWAY_MERCHANT_SECRET: SECRETS.merchantSecret,
    GATEWAY_API_KEY: SECRETS.apiKey,
    GATEWAY_TIMEOUT_MS: "5000",
    RECONCILE_INTERVAL_SECONDS: "0",
    MFA_REQUIRED: opts.mfaRequired ?? "none",
    // A "real" gateway here is the sandbox, on http with the embedded database and MFA off: allowed on purpose.
    ALLOW_NON_PCI_SETTINGS: "1",
    // A real gateway needs SMTP (config refuses to start without it): the sandbox's own catcher; no worker runs. Its
    // password is one more secret that no answer or log line may carry.
    SMTP_URL: `smtp://mailer:${SECRETS.smtpPassword}@127.0.0.1:${sandbox.smtpPort}`,
    MAIL_FROM: "Merchant dashboard <dashboard@attack.example>",
    MAIL_WORKER_INTERVAL_SECONDS: "0",
    // The anchoring worker writes checkpoints on its own clock: off, so "nothing written" judges the request alone.
    AUDIT_ANCHOR_MINUTES: "0",
  });
  const config = env();
  if (
    config.gateway.baseUrl !== sandbox.url ||
    config.authSecret !== SECRETS.nextAuth ||
    config.mfaRequired !== (opts.mfaRequired ?? "none")
  ) {
    throw new Error("env() was read before the attack harness configured it: import order problem");
  }
  return sandbox;
}

export async function stopAttackSandbox(): Promise<void> {
  await sandbox?.close();
  sandbox = null;
}

/** Make `database` the process's database (as getDatabase() returns it) with a gateway client recording into it. */
export async function installDatabase(database: TestDatabase): Promise<void> {
  const holders = globalThis as Holders;
  const previous = holders[GATEWAY_KEY];
  holders[DB_KEY] = Promise.resolve(database);
  const client = createGatewayClient(env().gateway, {
    recorder: createGatewayCallLog(database.db),
    logger: createLogger({ sink: () => {} }),
  });
  holders[GATEWAY_KEY] = Promise.resolve(client);
  if (previous) await (await previous).close();
  if ((await getDatabase()) !== (database as unknown)) throw new Error("getDatabase() does not return the installed test database");
  await seedLocalRoles(database.db);
}

export async function uninstallDatabase(): Promise<void> {
  await afterTasksSettled(); // work a handler left for after its answer still uses this database
  const holders = globalThis as Holders;
  const client = holders[GATEWAY_KEY];
  delete holders[GATEWAY_KEY];
  delete holders[DB_KEY];
  if (client) await (await client).close();
}

// ---------------------------------------------------------------------------------------------------------------
// Principals: one user per starter role, a super-admin, and a signed-in user with no role at all.

export const ROLE_PRINCIPALS = ["no-role", ...STARTER_ROLES.map((r) => r.name), "super-admin"] as const;
export type PrincipalName = "none" | (typeof ROLE_PRINCIPALS)[number];

export interface Actor {
  name: PrincipalName;
  userId: string;
  sessionId: string;
  /** The user's session version when the cookie was minted. */
  sv: number;
  email: string;
  /** The Cookie header value carrying the session cookie. */
  cookie: string;
  permissions: ReadonlySet<Permission>;
}

export const COOKIE_NAME = "next-auth.session-token";

/** What next-auth's jwt callback puts in the token (server/auth/options.ts), encoded as next-auth encodes it. */
export async function mintCookie(
  claims: { uid: string; sid: string; sv: number; email?: string },
  opts: { secret?: string; maxAge?: number } = {},
): Promise<string> {
  const token = await encode({
    token: { sub: claims.uid, email: claims.email, uid: claims.uid, sid: claims.sid, sv: claims.sv },
    secret: opts.secret ?? SECRETS.nextAuth,
    maxAge: opts.maxAge ?? 12 * 3600,
  });
  return `${COOKIE_NAME}=${token}`;
}

function permissionsOf(name: PrincipalName): Set<Permission> {
  if (name === "super-admin") return new Set(PERMISSIONS_ALL);
  return new Set(STARTER_ROLES.find((r) => r.name === name)?.permissions ?? []);
}
/** A new user holding the principal's role(s), with a session row opened as the credentials sign-in opens it. */
export async function createActor(db: Db, name: Exclude<PrincipalName, "none">): Promise<Actor> {
  const email = `${name}-${hex(4)}@attack.example`;
  const isSuper = name === "super-admin";
  const roleNames = isSuper || name === "no-role" ? [] : [name];
  // No password: scrypt would cost ~0.4 s per actor, and the password check is not what these suites attack.
  const user = await createUser(
    db,
    { email, name: `Attack ${name}`, password: null, userType: isSuper ? "SUPER_ADMIN" : "USER", roleNames },
    { id: null, email: "attack-suite" },
  );
  const session = await openSession(db, user.id);
  const cookie = await mintCookie({ uid: user.id, sid: session.id, sv: user.sessionVersion, email });
  return { name, userId: user.id, sessionId: session.id, sv: user.sessionVersion, email, cookie, permissions: permissionsOf(name) };
}

/** A session row as checkSignIn (server/auth/sign-in.ts) inserts it after a good password. */
export async function openSession(db: Db, userId: string, at = new Date()): Promise<{ id: string }> {
  const [row] = await db
    .insert(sessions)
    .values({ userId, ip: "203.0.113.7", userAgent: "attack-suite", createdAt: at, lastSeenAt: at })
    .returning();
  return row!;
}

export async function createActors(db: Db): Promise<Record<Exclude<PrincipalName, "none">, Actor>> {
  const out = {} as Record<Exclude<PrincipalName, "none">, Actor>;
  for (const name of ROLE_PRINCIPALS) out[name] = await createActor(db, name);
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Requests.

export interface CallOptions {
  params?: Record<string, string | string[]>;
  query?: string;
  cookie?: string | null;
  /** Origin header; default the dashboard's own for state-changing methods; null sends none. */
  origin?: string | null;
  body?: string | null;
  contentType?: string | null;
  headers?: Record<string, string>;
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** /api/<route> with its dynamic segments filled in (each one URL-encoded). */
export function pathOf(route: string, params: Record<string, string | string[]> = {}): string {
  const filled = route.replace(/\[(?:\.\.\.)?(\w+)\]/g, (_, name: string) => {
    const v = params[name];
    // A URL cannot carry a lone surrogate (encodeURIComponent throws on one); the handler still gets the raw value.
    const enc = (x: string) => encodeURIComponent(x.toWellFormed());
    return Array.isArray(v) ? v.map(enc).join("/") : enc(v ?? "x");
  });
  return `/api/${filled}`;
}

export function buildRequest(r: Pick<DeclaredRoute, "route" | "method">, o: CallOptions = {}): NextRequest {
  const headers = new Headers(o.headers);
  const origin = o.origin === undefined ? (STATE_CHANGING.has(r.method) ? APP_ORIGIN : null) : o.origin;
  if (origin !== null) headers.set("origin", origin);
  if (o.cookie) headers.set("cookie", o.cookie);
  const hasBody = o.body !== undefined && o.body !== null && r.method !== "GET" && r.method !== "HEAD";
  if (hasBody) headers.set("content-type", o.contentType === undefined ? "application/json" : (o.contentType ?? ""));
  if (hasBody && o.contentType === null) headers.delete("content-type");
  const url = `${APP_ORIGIN}${pathOf(r.route, o.params)}${o.query ? `?${o.query.replace(/^\?/, "")}` : ""}`;
  return new NextRequest(url, { method: r.method, headers, body: hasBody ? o.body : undefined });
}

export interface Answer {
  status: number;
  text: string;
  headers: Headers;
  json: unknown;
}

/** Call a route handler as Next would, and read the whole answer (streams included). */
export async function call(r: DeclaredRoute, o: CallOptions = {}): Promise<Answer> {
  const req = buildRequest(r, o);
  const res = await inRequestScope(req, `/api/${r.route}`, () => r.handler(req, { params: Promise.resolve(o.params ?? {}) }));
  const text = await res.text();
  let json: unknown = undefined;
  if (/json/.test(res.headers.get("content-type") ?? "")) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return { status: res.status, text, headers: res.headers, json };
}

/** The one error shape: { error: { code: string, message: string, ... } } and nothing else at the top. */
export function isErrorShape(json: unknown): boolean {
  if (!json || typeof json !== "object" || Array.isArray(json)) return false;
  const keys = Object.keys(json);
  const e = (json as { error?: unknown }).error;
  return (
    keys.length === 1 &&
    !!e &&
    typeof e === "object" &&
    typeof (e as { code?: unknown }).code === "string" &&
    typeof (e as { message?: unknown }).message === "string" &&
    (e as { message: string }).message.length > 0
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Route list and sample parameters.

/**
 * A sample value for every dynamic segment of every route (well-formed, naming nothing that exists unless a test
 * fills it in). The matrix fails on a route whose segments are not all here: add the new segment's sample.
 */
export const SAMPLE_PARAMS: Record<string, Record<string, string | string[]>> = {
  "admin/partners/[partnerId]": { partnerId: "0b0d6a4e-8a59-4e4a-9d0b-2a7c1f3e9d01" },
  "admin/roles/[roleId]": { roleId: "1c1e7b5f-9b6a-4f5b-8e1c-3b8d2a4f0e02" },
  "admin/users/[userId]/invitation": { userId: "2d2f8c60-ac7b-4a6c-9f2d-4c9e3b5a1f03" },
  "admin/users/[userId]/factors/reset": { userId: "2d2f8c60-ac7b-4a6c-9f2d-4c9e3b5a1f03" },
  "admin/users/[userId]/roles": { userId: "2d2f8c60-ac7b-4a6c-9f2d-4c9e3b5a1f03" },
  "admin/users/[userId]/status": { userId: "2d2f8c60-ac7b-4a6c-9f2d-4c9e3b5a1f03" },
  "admin/users/[userId]/sessions": { userId: "2d2f8c60-ac7b-4a6c-9f2d-4c9e3b5a1f03" },
  "admin/users/[userId]/sessions/end": { userId: "2d2f8c60-ac7b-4a6c-9f2d-4c9e3b5a1f03" },
  "auth/[...nextauth]": { nextauth: ["session"] },
  "payments/[id]/confirm": { id: "3e3a9d71-bd8c-4b7d-8a3e-5d0f4c6b2a04" },
  "payments/links/[id]/cancel": { id: "3e3a9d71-bd8c-4b7d-8a3e-5d0f4c6b2a04" },
  "payments/three-ds/[viewId]": { viewId: "abcdefghijklmnop1234" },
  "recurring/plans/[id]": { id: "6b6dc0a4-e01f-4ea0-9d6b-803c7f9e5d07" },
  "recurring/plans/[id]/cancel": { id: "6b6dc0a4-e01f-4ea0-9d6b-803c7f9e5d07" },
  "recurring/plans/[id]/pause": { id: "6b6dc0a4-e01f-4ea0-9d6b-803c7f9e5d07" },
  "recurring/plans/[id]/resume": { id: "6b6dc0a4-e01f-4ea0-9d6b-803c7f9e5d07" },
  "reports/schedules/[id]": { id: "7c7ed1b5-f12c-4fb1-8e7c-914a8d0f6e08" },
  "reports/schedules/[id]/pause": { id: "7c7ed1b5-f12c-4fb1-8e7c-914a8d0f6e08" },
  "reports/schedules/[id]/resume": { id: "7c7ed1b5-f12c-4fb1-8e7c-914a8d0f6e08" },
  "reports/schedules/[id]/send-now": { id: "7c7ed1b5-f12c-4fb1-8e7c-914a8d0f6e08" },
  "reports/schedules/[id]/approve": { id: "7c7ed1b5-f12c-4fb1-8e7c-914a8d0f6e08" },
  "reports/schedules/[id]/reject": { id: "7c7ed1b5-f12c-4fb1-8e7c-914a8d0f6e08" },
  "reports/[report]": { report: "refunds" },
  "refunds/[actionId]/approve": { actionId: "4f4bae82-ce9d-4c8e-9b4f-6e1a5d7c3b05" },
  "refunds/[actionId]/reject": { actionId: "4f4bae82-ce9d-4c8e-9b4f-6e1a5d7c3b05" },
  "transactions/[id]/capture": { id: "3e3a9d71-bd8c-4b7d-8a3e-5d0f4c6b2a04" },
  "transactions/[id]/gateway": { id: "3e3a9d71-bd8c-4b7d-8a3e-5d0f4c6b2a04" },
  "transactions/[id]/notes": { id: "3e3a9d71-bd8c-4b7d-8a3e-5d0f4c6b2a04" },
  "transactions/[id]/refunds": { id: "3e3a9d71-bd8c-4b7d-8a3e-5d0f4c6b2a04" },
  "transactions/[id]/sync": { id: "3e3a9d71-bd8c-4b7d-8a3e-5d0f4c6b2a04" },
  "transactions/[id]/void": { id: "3e3a9d71-bd8c-4b7d-8a3e-5d0f4c6b2a04" },
  "transactions/views/[viewId]": { viewId: "5a5cbf93-df0e-4d9f-8c5a-7f2b6e8d4c06" },
  "webhooks/gateway/[secret]": { secret: "not-the-secret-0000000000" },
};

export function segmentsOf(route: string): string[] {
  return [...route.matchAll(/\[(?:\.\.\.)?(\w+)\]/g)].map((m) => m[1]!);
}

/** Routes whose dynamic segments have no sample: the matrix and the fuzz fail loudly on them. */
export function routesMissingSamples(routes: DeclaredRoute[]): string[] {
  return [...new Set(routes.map((r) => r.route))].filter((route) => segmentsOf(route).some((s) => SAMPLE_PARAMS[route]?.[s] === undefined));
}

export { declaredRoutes, type DeclaredRoute };

// ---------------------------------------------------------------------------------------------------------------
// "Nothing written": a checksum of every table of the schema (so that a new table is covered by itself).

/** Columns that change on reads by design: a session's last request time (touched at most once a minute). */
const VOLATILE: Record<string, string[]> = { sessions: ["last_seen_at"] };
/** The outbound-call log records every gateway call, refused or not: observability, not state. */
const NOT_STATE = new Set(["gateway_calls"]);

export async function tableNames(db: Db): Promise<string[]> {
  const rows = await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as Array<{ tablename: string }>;
  return list.map((r) => r.tablename).filter((t) => !t.startsWith("__drizzle") && !NOT_STATE.has(t));
}

export type Snapshot = Record<string, string>;

/**
 * Per table: row count and an md5 of every row (volatile columns, and the `ignore`d ones, left out). One statement
 * for all the tables (a `union all` of one aggregate per table), not one round trip per table: the suites take two
 * snapshots per route handler.
 */
export async function snapshot(db: Db, ignore: Record<string, string[]> = {}): Promise<Snapshot> {
  const tables = await tableNames(db);
  const perTable = tables.map((t, i) => {
    const drop = [...(VOLATILE[t] ?? []), ...(ignore[t] ?? [])].map((c) => ` - '${c}'`).join("");
    return `select ${i}::int as i, count(*)::int as n, coalesce(md5(string_agg((to_jsonb(x)${drop})::text, ',' order by (to_jsonb(x)${drop})::text)), '') as h from "${t}" x`;
  });
  const rows = await db.execute(sql.raw(perTable.join(" union all ")));
  const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as Array<{ i: number; n: number; h: string }>;
  const out: Snapshot = {};
  for (const row of list) out[tables[row.i]!] = `${row.n}:${row.h}`;
  if (Object.keys(out).length !== tables.length) throw new Error(`snapshot: ${list.length} answers for ${tables.length} tables`);
  return out;
}

/** Tables whose content differs between two snapshots. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((t) => before[t] !== after[t]);
}

// ---------------------------------------------------------------------------------------------------------------
// The app's log lines (JSON on stdout): kept out of the test output and collected, so that a failure can show them.

export function captureAppLog(): { lines: string[]; restore(): void } {
  const lines: string[] = [];
  const original = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    if (text.startsWith('{"ts":')) {
      lines.push(text.trimEnd());
      return true;
    }
    return (original as (c: string | Uint8Array, ...r: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write;
  return { lines, restore: () => void (process.stdout.write = original) };
}

/** The declared handler of `METHOD route`, or a loud failure when the route is gone. */
export function routeOf(routes: DeclaredRoute[], method: string, route: string): DeclaredRoute {
  const found = routes.find((r) => r.method === method && r.route === route);
  if (!found) throw new Error(`no ${method} /api/${route} among the declared routes`);
  return found;
}

/** The error code of an answer in the one error shape (undefined otherwise). */
export function errorCode(a: Answer): string | undefined {
  return isErrorShape(a.json) ? (a.json as { error: { code: string } }).error.code : undefined;
}
