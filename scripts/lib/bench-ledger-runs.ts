// Benchmark section "ledger": runs scripts/bench-ledger.ts (the `npm run bench:ledger` script, unchanged) on the
// embedded PGlite and on PostgreSQL (a fresh database of its own on BENCH_DATABASE_URL's server, created and dropped
// by that script), each writing its own bench/results/ledger-<date>[-postgres].json, and returns both summaries.
import fs from "node:fs";
import path from "node:path";
import { bin, ROOT, run } from "./processes";

const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

interface LedgerResult {
  database: string;
  rows: number;
  list: Array<{ case: string; medianMs: number; p95Ms: number }>;
  deepToFirstPageRatio: number;
  export: { rowsPerSecond: number; peakRssGrowthMb: number; peakHeapGrowthMb: number; liveHeapGrowthMb: number | null; batchSize: number };
}

export async function benchLedger() {
  const date = new Date().toISOString().slice(0, 10);
  const out: Record<string, LedgerResult> = {};
  for (const [kind, extra] of [
    ["pglite", {}],
    ["postgres", { BENCH_DATABASE_URL: PG_URL }],
  ] as const) {
    const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
    if (kind === "pglite") delete env.BENCH_DATABASE_URL;
    const code = await run(bin("tsx"), ["--expose-gc", path.join(ROOT, "scripts/bench-ledger.ts")], env);
    if (code !== 0) throw new Error(`bench-ledger on ${kind} failed (exit ${code})`);
    const file = path.join(ROOT, "bench/results", `ledger-${date}${kind === "postgres" ? "-postgres" : ""}.json`);
    out[kind] = JSON.parse(fs.readFileSync(file, "utf8")) as LedgerResult;
  }
  const row = (r: LedgerResult) => ({
    "page 1 median ms": r.list[0]!.medianMs,
    "~1,000,000 deep median ms": r.list[1]!.medianMs,
    "deep ÷ first": r.deepToFirstPageRatio,
    "export rows/s": r.export.rowsPerSecond,
    "export peak RSS growth MB": r.export.peakRssGrowthMb,
    "live heap growth MB": r.export.liveHeapGrowthMb,
    "≤ 64 MB": r.export.peakRssGrowthMb < 64 ? "yes" : "NO",
  });
  console.log("\nLedger at scale (1,000,000 payments, pages of 50)");
  console.table({ pglite: row(out.pglite!), postgres: row(out.postgres!) });
  return { note: "full results in ledger-<date>.json and ledger-<date>-postgres.json", pglite: out.pglite, postgres: out.postgres };
}
