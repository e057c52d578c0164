// Health for load balancers and operators, and the gateway's reachability for signed-in staff.
// - Liveness: the process answers (HEAD /api/health, /api/health/live). Nothing is queried.
// - Readiness (GET /api/health, /api/health/ready): the database answers, the migrations were applied when it was
//   opened, and the app's dependencies resolved (which starts the background workers), not the gateway: a
//   gateway outage must not make a load balancer take every instance out, the back office reads its own ledger.
//   The public answer names the build and which check failed, never a host, a database kind or an error message.
// - The gateway (GET /api/health/gateway, signed in): whether its host accepts a connection, and how fast.
import "server-only";
import net from "node:net";
import { sql } from "drizzle-orm";
import { BUILD_INFO } from "./build-info";
import { getDatabase } from "./db";
import { isDraining } from "./lifecycle/shutdown";
import { env } from "./env";
import { appDeps } from "./services/app-deps";

const CHECK_TIMEOUT_MS = 3_000;

export type CheckName = "database" | "workers";

export interface Readiness {
  /** "draining": the instance is stopping (SIGTERM) and finishing what it has; send it nothing new. */
  status: "ready" | "not_ready" | "draining";
  version: string;
  build: string;
  /** "skipped": not checked, because the instance is stopping. */
  checks: Record<CheckName, "ok" | "failed" | "skipped">;
}

export interface GatewayReachability {
  reachable: boolean;
  /** Time to a TCP connection to the gateway's host; null when none was made. */
  latencyMs: number | null;
  host: string;
  /** The socket error code or "timed out"; absent when reachable. */
  problem?: string;
  testMode: boolean;
}

/** Resolves true when `work` settles successfully within the timeout, false otherwise (never throws). */
async function passes(work: () => Promise<unknown>, timeoutMs = CHECK_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  try {
    return await Promise.race([
      work().then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness(): Promise<Readiness> {
  // A stopping instance is asked nothing: its workers are being stopped and its pools closed, and a probe must not
  // open them again.
  if (isDraining()) return { status: "draining", ...BUILD_INFO, checks: { database: "skipped", workers: "skipped" } };
  const [database, workers] = await Promise.all([
    // getDatabase() resolves only after the migrations ran; the query shows the database answers now.
    passes(async () => (await getDatabase()).db.execute(sql`select 1`)),
    // appDeps() starts the reconciler, the schedulers and the mail worker once it resolves (and retries them here
    // after a failed boot).
    passes(() => appDeps()),
  ]);
  const checks = { database: database ? "ok" : "failed", workers: workers ? "ok" : "failed" } as const;
  const status = database && workers ? "ready" : "not_ready";
  return { status, ...BUILD_INFO, checks };
}

function connectTime(url: string, timeoutMs: number): Promise<{ latencyMs: number | null; problem?: string }> {
  const u = new URL(url);
  const port = Number(u.port || (u.protocol === "https:" ? 443 : 80));
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname, port, timeout: timeoutMs });
    const done = (r: { latencyMs: number | null; problem?: string }) => {
      socket.destroy();
      resolve(r);
    };
    socket.once("connect", () => done({ latencyMs: Math.round((performance.now() - started) * 10) / 10 }));
    socket.once("timeout", () => done({ latencyMs: null, problem: "timed out" }));
    socket.once("error", (e: NodeJS.ErrnoException) => done({ latencyMs: null, problem: e.code ?? "unreachable" }));
  });
}

export async function checkGateway(): Promise<GatewayReachability> {
  const config = env();
  const { latencyMs, problem } = await connectTime(config.gateway.baseUrl, CHECK_TIMEOUT_MS);
  return {
    reachable: latencyMs !== null,
    latencyMs,
    host: new URL(config.gateway.baseUrl).host,
    ...(problem ? { problem } : {}),
    testMode: config.testMode,
  };
}

/** The Overview's status panel (signed in): the database's kind and the gateway's reachability. */
export interface Health {
  testMode: boolean;
  database: { ok: boolean; kind: "pglite" | "postgres" | null };
  gateway: { ok: boolean; host: string };
}

export async function checkHealth(): Promise<Health> {
  const [kind, gateway] = await Promise.all([
    getDatabase()
      .then(async (d) => {
        await d.db.execute(sql`select 1`);
        return d.kind;
      })
      .catch(() => null),
    checkGateway(),
  ]);
  return { testMode: gateway.testMode, database: { ok: kind !== null, kind }, gateway: { ok: gateway.reachable, host: gateway.host } };
}
