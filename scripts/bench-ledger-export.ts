import { BENCH_PRINCIPAL } from "./lib/bench-util";
// The ledger benchmark's CSV export, measured in a process of its own (the budget is "peak RSS growth in a fresh
// process": a process that has just seeded a million rows has a grown heap that hides the export's own growth).
// Opens the database bench-ledger.ts seeded (BENCH_EXPORT_DATABASE_URL, or the PGlite directory
// BENCH_EXPORT_PGLITE_DIR), streams every row of the transactions export through a reader, and prints one JSON
// line: rows/s, bytes, peak RSS / heap growth sampled every 20 ms and after each chunk, over a baseline taken after
// a full GC (run node with --expose-gc). BENCH_EXPORT_LIVE=1 instead forces a full GC every 50 batches and samples
// right after it: the memory the export keeps alive, without garbage a lazy collector has not reclaimed yet.
// BENCH_EXPORT_SLOW_MS makes the reader wait that long per chunk (a slow client: memory must stay bounded).
import { transactionExportQuerySchema } from "../lib/transactions/list-query";
import { openDatabase } from "../server/db/client";
import { EXPORT_BATCH_SIZE, exportTransactions } from "../server/services/transactions/export-transactions";

const principal = BENCH_PRINCIPAL;

const gc = (globalThis as { gc?: () => void }).gc;
const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
const batchSize = Number(process.env.BENCH_EXPORT_BATCH ?? EXPORT_BATCH_SIZE);
const collectEvery = process.env.BENCH_EXPORT_LIVE === "1" ? 50 : null;
const slowMs = Number(process.env.BENCH_EXPORT_SLOW_MS ?? 0);

const database = await openDatabase({
  url: process.env.BENCH_EXPORT_DATABASE_URL ?? null,
  dataDir: process.env.BENCH_EXPORT_PGLITE_DIR ?? null,
  poolSize: 4,
});
try {
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
  const ctx = { deps: { db: database.db, now: () => new Date(), config: { reportTimeZone: "Asia/Riyadh" } }, principal, ip: null };
  const { stream } = await exportTransactions(ctx, query, { batchSize, onBatch });
  const reader = stream.getReader();
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) lines++;
    if (!collectEvery) sample();
    if (slowMs) await new Promise((r) => setTimeout(r, slowMs));
  }
  const seconds = (performance.now() - started) / 1000;
  if (timer) clearInterval(timer);
  const rows = lines - 1; // minus the header
  console.log(
    JSON.stringify({
      rows,
      batches,
      batchSize,
      seconds: Math.round(seconds * 100) / 100,
      rowsPerSecond: Math.round(rows / seconds),
      megabytes: mb(bytes),
      rssGrowthMb: mb(peakRss - base.rss),
      heapGrowthMb: mb(peakHeap - base.heapUsed),
    }),
  );
} finally {
  await database.close();
}
