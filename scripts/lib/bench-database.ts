// A fresh database for a benchmark at scale: embedded PGlite in a temporary directory, or a new database on the
// Postgres server of BENCH_DATABASE_URL (created here, dropped by cleanup). The ledger and reports benchmarks share it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { openDatabase, type Database } from "../../server/db/client";
import { resultsDir } from "./bench-util";

export interface FreshDatabase {
  /** Its close may be called early (to let another process open it) and again by cleanup. */
  database: Database;
  label: string;
  /** How another process opens it: the URL, or the embedded database's directory. */
  location: { url: string } | { dataDir: string };
  cleanup: () => Promise<void>;
}

/** The database with a close that only closes once. */
function closingOnce(d: Database): Database {
  let closing: Promise<void> | null = null;
  return { ...d, close: () => (closing ??= d.close()) };
}

export async function openFreshDatabase(prefix: string): Promise<FreshDatabase> {
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const name = `${prefix}_${randomBytes(4).toString("hex")}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    await admin.end({ timeout: 5 });
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = closingOnce(await openDatabase({ url: target.toString(), dataDir: null, poolSize: 4 }));
    return {
      database,
      label: `postgres (${target.host}, fresh database ${name})`,
      location: { url: target.toString() },
      async cleanup() {
        await database.close();
        const a = postgres(url, { max: 1, onnotice: () => {} });
        await a.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end({ timeout: 5 });
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const database = closingOnce(await openDatabase({ url: null, dataDir: dir }));
  return {
    database,
    label: `pglite (${dir})`,
    location: { dataDir: dir },
    async cleanup() {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const ROLLUP_TRIGGERS = ["ledger_rollup_payment_insert", "ledger_rollup_payment_update", "ledger_rollup_payment_delete"];
const ACTION_TRIGGERS = ["ledger_rollup_action_insert", "ledger_rollup_action_update", "ledger_rollup_action_delete"];

/**
 * Bulk seeding without the rollup's row triggers (a million single-row upserts would be the seed's whole cost),
 * then one rebuild from scratch: the rollup ends exactly as the triggers would have left it. Returns the rebuild's seconds.
 */
export async function withoutRollupTriggers(database: Database, seed: () => Promise<void>): Promise<{ rebuildSeconds: number }> {
  const toggle = async (on: boolean) => {
    for (const t of ROLLUP_TRIGGERS) await database.db.execute(sql.raw(`alter table payments ${on ? "enable" : "disable"} trigger ${t}`));
    for (const t of ACTION_TRIGGERS)
      await database.db.execute(sql.raw(`alter table payment_actions ${on ? "enable" : "disable"} trigger ${t}`));
  };
  await toggle(false);
  try {
    await seed();
  } finally {
    await toggle(true);
  }
  const started = performance.now();
  await database.db.execute(sql`select ledger_rollup_rebuild_all()`);
  return { rebuildSeconds: (performance.now() - started) / 1000 };
}

/** Median and 95th percentile of timed runs, in ms. */
export function timingStats(samples: number[]): { medianMs: number; p95Ms: number; runs: number } {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  const r = (n: number) => Math.round(n * 100) / 100;
  return { medianMs: r(at(0.5)), p95Ms: r(at(0.95)), runs: s.length };
}

/** Writes a scale benchmark's result to <resultsDir>/<name>-<date>[-postgres].json and says where. */
export function writeScaleResult(name: string, database: Database, result: Record<string, unknown>): void {
  const date = new Date().toISOString().slice(0, 10);
  const out = path.resolve(process.cwd(), resultsDir(), `${name}-${date}${database.kind === "postgres" ? "-postgres" : ""}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), database: database.kind, ...result }, null, 2) + "\n");
  console.log(`\nWrote ${path.relative(process.cwd(), out)}`);
}
