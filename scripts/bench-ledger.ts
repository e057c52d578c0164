// `npm run bench:ledger`: a measurement (not a test) of the transactions list at scale. Seeds 1,000,000 payments
// into a fresh database — embedded PGlite in a temporary directory, or a new database on the Postgres server of
// BENCH_DATABASE_URL (created and dropped here) — with INSERT … SELECT generate_series, then reports:
//   - the list query's median time on the first page and on a page ~1,000,000 rows deep (keyset: about equal),
//     for the default sort, a status filter and the amount sort;
//   - the CSV export of every row: rows per second, and peak RSS / heap growth sampled while it streams (then a
//     second pass with forced GCs for the live memory it holds).
// Prints a table and writes bench/results/ledger-<date>.json. BENCH_ROWS changes the row count (default 1e6),
// BENCH_RUNS the timed runs per list query (default 25), BENCH_EXPORT_BATCH the export's batch size (1,000).
import os from "node:os";
import { sql } from "drizzle-orm";
import { PERMISSIONS } from "../lib/permissions";
import { encodeCursor } from "../lib/transactions/cursor";
import { searchParamsRecord, transactionExportQuerySchema, transactionListQuerySchema } from "../lib/transactions/list-query";
import type { Principal } from "../server/auth/principal";
import type { Database } from "../server/db/client";
import { openFreshDatabase, timingStats, withoutRollupTriggers, writeScaleResult } from "./lib/bench-database";
import { round } from "./lib/bench-util";
import { EXPORT_BATCH_SIZE, exportTransactions } from "../server/services/transactions/export-transactions";
import { listTransactions } from "../server/services/transactions/list-transactions";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 25);
const CHUNK = 50_000;
const PAGE = 50;
const EXPORT_BATCH = Number(process.env.BENCH_EXPORT_BATCH ?? EXPORT_BATCH_SIZE);

const principal: Principal = {
  userId: "00000000-0000-4000-8000-000000000001",
  sessionId: "00000000-0000-4000-8000-000000000002",
  email: "bench@example.com",
  name: "Benchmark",
  userType: "SUPER_ADMIN",
  permissions: new Set(PERMISSIONS),
};

/** One multi-row INSERT … SELECT per chunk: the database generates the rows, no round trip per payment. */
async function seed(database: Database): Promise<number> {
  const started = performance.now();
  await withoutRollupTriggers(database, () => seedRows(database));
  await database.db.execute(sql`vacuum analyze payments`);
  return (performance.now() - started) / 1000;
}

async function seedRows(database: Database): Promise<void> {
  for (let from = 1; from <= ROWS; from += CHUNK) {
    const to = Math.min(ROWS, from + CHUNK - 1);
    await database.db.execute(sql`
      insert into payments (order_id, gateway_id, kind, status, currency, amount_minor, authorized_minor, captured_minor,
        refunded_minor, payer_name, payer_email, card_brand, card_last4, branch_id, created_at)
      select 'ORD-' || g, 'gw-' || g,
        (array['sale','auth','recurring','checkout'])[1 + g % 4],
        s.status, (array['SAR','SAR','USD','KWD'])[1 + g % 4], a.amount, a.amount,
        case when s.status in ('captured','partially_refunded','refunded') then a.amount else 0 end,
        case s.status when 'refunded' then a.amount when 'partially_refunded' then a.amount / 2 else 0 end,
        (array['Noura Haddad','نورة الحداد','Omar Saleh','Layla, "Jr"'])[1 + g % 4],
        'payer' || (g % 50000) || '@example.com', 'VISA', lpad((g % 10000)::text, 4, '0'),
        (array['riyadh','jeddah','فرع الدمام'])[1 + g % 3],
        -- Two payments per instant (ties on created_at), one instant every 30 seconds: about a year of payments.
        timestamptz '2025-01-01 00:00:00+00' + ((g / 2) * 30) * interval '1 second'
      from generate_series(${from}::int, ${to}::int) g
      cross join lateral (select (array['captured','captured','captured','authorized','refunded','partially_refunded',
        'declined','voided','pending','failed'])[1 + (g * 7) % 10] as status) s
      cross join lateral (select 100 + (g::bigint * 7919) % 500000 as amount) a`);
    process.stdout.write(`\r  seeded ${to.toLocaleString("en")} / ${ROWS.toLocaleString("en")}`);
  }
  process.stdout.write("\n");
}

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

type Gc = () => void;
const gc = (globalThis as { gc?: Gc }).gc;
const mb = (n: number) => round(n / 1024 / 1024, 1);

/**
 * Streams the whole export and counts its rows. Memory is sampled every 20 ms and after each chunk; the baseline is
 * taken after a full GC (the npm script runs node with --expose-gc). With `collectEvery`, a full GC runs every that
 * many batches and the samples are taken right after it: the live memory the export holds, without the garbage a
 * lazy collector has not yet reclaimed.
 */
async function streamExport(database: Database, collectEvery: number | null) {
  const query = transactionExportQuerySchema.parse({ tz: "Asia/Riyadh" });
  gc?.();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const sample = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  let batches = 0;
  const onBatch = () => {
    batches++;
    if (collectEvery && gc && batches % collectEvery === 0) {
      gc();
      sample();
    }
  };
  const timer = collectEvery ? null : setInterval(sample, 20);
  const started = performance.now();
  const ctx = { deps: { db: database.db, now: () => new Date() }, principal, ip: null };
  const { stream } = await exportTransactions(ctx, query, { batchSize: EXPORT_BATCH, onBatch });
  const reader = stream.getReader();
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const b of value) if (b === 10) lines++;
    if (!collectEvery) sample();
  }
  const seconds = (performance.now() - started) / 1000;
  if (timer) clearInterval(timer);
  const rows = lines - 1; // minus the header
  if (rows !== ROWS) throw new Error(`export wrote ${rows} rows, expected ${ROWS}`);
  return { rows, batches, seconds, bytes, rssGrowthMb: mb(peakRss - base.rss), heapGrowthMb: mb(peakHeap - base.heapUsed) };
}

async function timeExport(database: Database) {
  const run = await streamExport(database, null);
  const live = gc ? await streamExport(database, 50) : null;
  return {
    rows: run.rows,
    batches: run.batches,
    batchSize: EXPORT_BATCH,
    seconds: round(run.seconds),
    rowsPerSecond: Math.round(run.rows / run.seconds),
    megabytes: mb(run.bytes),
    /** Peak growth over the baseline, garbage included (what the process really took from the machine). */
    peakRssGrowthMb: run.rssGrowthMb,
    peakHeapGrowthMb: run.heapGrowthMb,
    /** Peak growth measured right after forced full GCs: the memory the export actually keeps alive. */
    liveHeapGrowthMb: live?.heapGrowthMb ?? null,
    liveRssGrowthMb: live?.rssGrowthMb ?? null,
  };
}

async function main() {
  const { database, label, cleanup } = await openFreshDatabase("bench_ledger");
  try {
    console.log(`Ledger benchmark: ${ROWS.toLocaleString("en")} payments on ${label}`);
    const seedSeconds = await seed(database);
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
    const csv = await timeExport(database);

    console.log("\nList query (page of 50)");
    console.table(list.map((r) => ({ case: r.case, "median ms": r.medianMs, "p95 ms": r.p95Ms, runs: r.runs })));
    const [firstPage, deepPage] = [list[0]!, list[1]!];
    console.log(`Deep / first page median ratio: ${round(deepPage.medianMs / firstPage.medianMs)} (keyset: about 1)`);
    console.log(`\nCSV export of every row (streamed, batches of ${EXPORT_BATCH.toLocaleString("en")})`);
    console.table([
      {
        rows: csv.rows,
        seconds: csv.seconds,
        "rows/s": csv.rowsPerSecond,
        MB: csv.megabytes,
        "peak RSS growth MB": csv.peakRssGrowthMb,
        "peak heap growth MB": csv.peakHeapGrowthMb,
        "live heap growth MB": csv.liveHeapGrowthMb ?? "n/a (no --expose-gc)",
      },
    ]);

    writeScaleResult("ledger", database, {
      rows: ROWS,
      machine: { cpus: os.cpus().length, node: process.version, platform: `${os.platform()} ${os.arch()}` },
      seed: { seconds: round(seedSeconds), rowsPerSecond: Math.round(ROWS / seedSeconds) },
      list,
      deepToFirstPageRatio: round(deepPage.medianMs / firstPage.medianMs),
      export: csv,
      budgets: { deepPageAboutFirst: "keyset: ratio ≈ 1", exportPeakGrowthMb: 64 },
    });
  } finally {
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
