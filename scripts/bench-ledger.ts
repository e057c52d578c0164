// `npm run bench:ledger`: a measurement (not a test) of the transactions list at scale. Seeds 1,000,000 payments
// into a fresh database — embedded PGlite in a temporary directory, or a new database on the Postgres server of
// BENCH_DATABASE_URL (created and dropped here) — with INSERT … SELECT generate_series, then reports:
//   - the list query's median time on the first page and on a page ~1,000,000 rows deep (keyset: about equal),
//     for the default sort, a status filter and the amount sort;
//   - the CSV export of every row, in a fresh process (scripts/bench-ledger-export.ts): rows per second, and peak
//     RSS / heap growth sampled while it streams (then a second fresh pass with forced GCs for the live memory it
//     holds), each against its budget (#17: ≥ 100,000 rows/s on PostgreSQL, ≤ 64 MB peak RSS growth).
// Prints a table and writes bench/runs/ledger-<date>.json. BENCH_ROWS changes the row count (default 1e6),
// BENCH_RUNS the timed runs per list query (default 25), BENCH_EXPORT_BATCH the export's batch size (1,000).
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { encodeCursor } from "../lib/transactions/cursor";
import { searchParamsRecord, transactionListQuerySchema } from "../lib/transactions/list-query";
import type { Database } from "../server/db/client";
import { openFreshDatabase, timingStats, writeScaleResult, type FreshDatabase } from "./lib/bench-database";
import { EXPORT_BUDGET } from "./lib/bench-ledger-runs";
import { seedLedger } from "./lib/bench-ledger-seed";
import { BENCH_PRINCIPAL, round } from "./lib/bench-util";
import { bin, ROOT } from "./lib/processes";
import { EXPORT_BATCH_SIZE } from "../server/services/transactions/export-transactions";
import { listTransactions } from "../server/services/transactions/list-transactions";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 25);
const PAGE = 50;
const EXPORT_BATCH = Number(process.env.BENCH_EXPORT_BATCH ?? EXPORT_BATCH_SIZE);

const principal = BENCH_PRINCIPAL;

/**
 * A cursor ~`depth` rows into the list. Found with OFFSET once, here only: it is the benchmark's setup, not the
 * query being measured (which is the keyset page from that cursor).
 */
async function deepCursor(database: Database, depth: number, where: string, order: "created" | "amount"): Promise<string> {
  const column = order === "created" ? "created_at" : "amount_minor";
  const rows = await database.db.execute<{ v: string; id: string }>(
    sql.raw(`select ${column}::text as v, id::text as id from payments ${where} order by ${column} desc, id desc offset ${depth} limit 1`),
  );
  const row = (Array.isArray(rows) ? rows[0] : (rows as { rows: Array<{ v: string; id: string }> }).rows[0])!;
  return encodeCursor({ s: order, v: row.v, id: row.id, d: "next" } as Parameters<typeof encodeCursor>[0]);
}

/**
 * Times list queries round-robin (one run of each case in turn), so that garbage collection and cache warmth
 * fall on every case alike and the first-page / deep-page comparison is fair.
 */
async function timeLists(database: Database, cases: Array<{ name: string; qs: string; runs: number }>) {
  const queries = cases.map((c) => transactionListQuerySchema.parse(searchParamsRecord(new URLSearchParams(c.qs))));
  const samples: number[][] = cases.map(() => []);
  for (let i = 0; i < 3; i++) for (const q of queries) await listTransactions({ deps: database, principal, ip: null }, q); // warm caches and plans
  for (let run = 0; run < Math.max(...cases.map((c) => c.runs)); run++) {
    for (const [i, c] of cases.entries()) {
      if (run >= c.runs) continue;
      const t = performance.now();
      const page = await listTransactions({ deps: database, principal, ip: null }, queries[i]!);
      samples[i]!.push(performance.now() - t);
      if (page.rows.length !== PAGE) throw new Error(`expected a full page for ${c.name}, got ${page.rows.length} rows`);
    }
  }
  return cases.map((c, i) => ({ case: c.name, ...timingStats(samples[i]!) }));
}

interface ExportRun {
  rows: number;
  batches: number;
  seconds: number;
  rowsPerSecond: number;
  megabytes: number;
  rssGrowthMb: number;
  heapGrowthMb: number;
}

/** One export in a fresh process (the budget's terms): the database is closed here first (PGlite has one owner). */
function exportInFreshProcess(fresh: FreshDatabase, live: boolean): Promise<ExportRun> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    BENCH_EXPORT_BATCH: String(EXPORT_BATCH),
    BENCH_EXPORT_LIVE: live ? "1" : "0",
    ...("url" in fresh.location ? { BENCH_EXPORT_DATABASE_URL: fresh.location.url } : { BENCH_EXPORT_PGLITE_DIR: fresh.location.dataDir }),
  };
  return new Promise((resolve, reject) => {
    const child = spawn(bin("tsx"), ["--expose-gc", path.join(ROOT, "scripts/bench-ledger-export.ts")], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
    child.on("exit", (code) => {
      const line = out.trim().split("\n").at(-1) ?? "";
      if (code !== 0) return reject(new Error(`the export process failed (exit ${code}): ${out}`));
      const run = JSON.parse(line) as ExportRun;
      if (run.rows !== ROWS) return reject(new Error(`export wrote ${run.rows} rows, expected ${ROWS}`));
      resolve(run);
    });
  });
}

async function timeExport(fresh: FreshDatabase) {
  await fresh.database.close();
  const run = await exportInFreshProcess(fresh, false);
  const live = await exportInFreshProcess(fresh, true);
  return {
    rows: run.rows,
    batches: run.batches,
    batchSize: EXPORT_BATCH,
    seconds: run.seconds,
    rowsPerSecond: run.rowsPerSecond,
    megabytes: run.megabytes,
    /** Peak growth over the baseline in a fresh process, garbage included (what the process took from the machine). */
    peakRssGrowthMb: run.rssGrowthMb,
    peakHeapGrowthMb: run.heapGrowthMb,
    /** Peak growth measured right after forced full GCs: the memory the export actually keeps alive. */
    liveHeapGrowthMb: live.heapGrowthMb,
    liveRssGrowthMb: live.rssGrowthMb,
    budget: EXPORT_BUDGET,
    withinRowsBudget: run.rowsPerSecond >= EXPORT_BUDGET.rowsPerSecond,
    withinRssBudget: run.rssGrowthMb <= EXPORT_BUDGET.peakRssGrowthMb,
  };
}

async function main() {
  const fresh = await openFreshDatabase("bench_ledger");
  const { database, label, cleanup } = fresh;
  try {
    console.log(`Ledger benchmark: ${ROWS.toLocaleString("en")} payments on ${label}`);
    const seedSeconds = await seedLedger(database, ROWS);
    // The cursor row is the last one before the measured page: that page is the list's very last full page.
    const depth = Math.max(0, ROWS - PAGE - 1);
    const captured = "where status = 'captured'";
    const capturedCount = Math.round(ROWS * 0.3);
    const cases: Array<[string, string]> = [
      ["newest first, first page", ""],
      [`newest first, ~${depth.toLocaleString("en")} rows deep`, `cursor=${await deepCursor(database, depth, "", "created")}`],
      ["status=captured, first page", "status=captured"],
      [
        `status=captured, ~${(capturedCount - PAGE - 1).toLocaleString("en")} rows deep`,
        `status=captured&cursor=${await deepCursor(database, capturedCount - PAGE - 1, captured, "created")}`,
      ],
      ["amount sort, first page", "sort=amount&dir=desc"],
      [
        `amount sort, ~${depth.toLocaleString("en")} rows deep`,
        `sort=amount&dir=desc&cursor=${await deepCursor(database, depth, "", "amount")}`,
      ],
    ];
    // The amount sort has no index (a full sort per page): fewer runs keep the benchmark within minutes.
    const list = [
      ...(await timeLists(
        database,
        cases.slice(0, 4).map(([name, qs]) => ({ name, qs, runs: RUNS })),
      )),
      ...(await timeLists(
        database,
        cases.slice(4).map(([name, qs]) => ({ name, qs, runs: Math.min(RUNS, 5) })),
      )),
    ];
    for (const r of list) console.log(`  list: ${r.case}: median ${r.medianMs} ms`);
    const csv = await timeExport(fresh);

    console.log("\nList query (page of 50)");
    console.table(list.map((r) => ({ case: r.case, "median ms": r.medianMs, "p95 ms": r.p95Ms, runs: r.runs })));
    const [firstPage, deepPage] = [list[0]!, list[1]!];
    console.log(`Deep / first page median ratio: ${round(deepPage.medianMs / firstPage.medianMs)} (keyset: about 1)`);
    console.log(`\nCSV export of every row (streamed, batches of ${EXPORT_BATCH.toLocaleString("en")}, a fresh process)`);
    console.table([
      {
        rows: csv.rows,
        seconds: csv.seconds,
        "rows/s": csv.rowsPerSecond,
        [`≥ ${EXPORT_BUDGET.rowsPerSecond.toLocaleString("en")}`]: csv.withinRowsBudget ? "yes" : "NO",
        MB: csv.megabytes,
        "peak RSS growth MB": csv.peakRssGrowthMb,
        [`≤ ${EXPORT_BUDGET.peakRssGrowthMb} MB`]: csv.withinRssBudget ? "yes" : "NO",
        "peak heap growth MB": csv.peakHeapGrowthMb,
        "live heap growth MB": csv.liveHeapGrowthMb,
      },
    ]);

    writeScaleResult("ledger", database, {
      rows: ROWS,
      seed: { seconds: round(seedSeconds), rowsPerSecond: Math.round(ROWS / seedSeconds) },
      list,
      deepToFirstPageRatio: round(deepPage.medianMs / firstPage.medianMs),
      export: csv,
      machine: { cpus: os.cpus().length, node: process.version, platform: `${os.platform()} ${os.arch()}`, loadAverage: os.loadavg() },
      budgets: { deepPageAboutFirst: "keyset: ratio ≈ 1", export: EXPORT_BUDGET },
    });
  } finally {
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
