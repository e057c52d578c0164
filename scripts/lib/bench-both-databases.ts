// Runs a benchmark script at scale on the embedded PGlite and on PostgreSQL (a fresh database of its own on
// BENCH_DATABASE_URL's server, created and dropped by that script), each writing its own
// <resultsDir>/<name>-<date>[-postgres].json (bench/runs/ unless --publish), and returns both results.
import fs from "node:fs";
import path from "node:path";
import { resultsDir } from "./bench-util";
import { bin, ROOT, run } from "./processes";

const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export async function runOnBothDatabases<R>(script: string, name: string, nodeArgs: string[] = []): Promise<{ pglite: R; postgres: R }> {
  const date = new Date().toISOString().slice(0, 10);
  const out: Record<string, R> = {};
  for (const [kind, extra] of [
    ["pglite", {}],
    ["postgres", { BENCH_DATABASE_URL: PG_URL }],
  ] as const) {
    const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
    if (kind === "pglite") delete env.BENCH_DATABASE_URL;
    const code = await run(bin("tsx"), [...nodeArgs, path.join(ROOT, script)], env);
    if (code !== 0) throw new Error(`${script} on ${kind} failed (exit ${code})`);
    const file = path.join(ROOT, resultsDir(), `${name}-${date}${kind === "postgres" ? "-postgres" : ""}.json`);
    out[kind] = JSON.parse(fs.readFileSync(file, "utf8")) as R;
  }
  return { pglite: out.pglite!, postgres: out.postgres! };
}
