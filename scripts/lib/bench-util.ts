// Small helpers shared by the benchmark sections: percentiles, rounding, result files.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PERMISSIONS } from "../../lib/permissions";
import type { Principal } from "../../server/auth/principal";
import { ROOT } from "./processes";

export const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
export const kb = (bytes: number) => round(bytes / 1024, 1);

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function machine() {
  // The load average says how busy the (shared) machine was while the section ran.
  return {
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? "unknown",
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    loadAverage: os.loadavg().map((l) => round(l)),
  };
}

/**
 * Where a run writes its result files: bench/runs/ (ignored by git: a run changes no tracked file), or with
 * `npm run bench -- --publish` (BENCH_RESULTS_DIR=bench/results) the committed bench/results/. The published
 * figures live in the README's Performance section.
 */
export function resultsDir(): string {
  return process.env.BENCH_RESULTS_DIR || "bench/runs";
}

/** Writes <resultsDir>/<section>-<date>.json (or into `dir`) and returns its path relative to the repository. */
export function writeResult(section: string, data: Record<string, unknown>, dir = resultsDir()): string {
  const date = new Date().toISOString().slice(0, 10);
  const out = path.join(ROOT, dir, `${section}-${date}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify({ section, date: new Date().toISOString(), machine: machine(), ...data }, null, 2) + "\n");
  return path.relative(ROOT, out);
}

/** The super-admin the scale benchmarks call the services as (every permission; no session behind it). */
export const BENCH_PRINCIPAL: Principal = {
  userId: "00000000-0000-4000-8000-000000000001",
  sessionId: "00000000-0000-4000-8000-000000000002",
  email: "bench@example.com",
  name: "Benchmark",
  userType: "SUPER_ADMIN",
  permissions: new Set(PERMISSIONS),
};
