// Where `npm test`'s time goes: the table of its steps, and the slowest Vitest and Playwright files, printed at the end
// of the run and written to test-results/durations.md (so that a slow step or file is seen, not guessed).
import type { PlaywrightJsonSuite } from "./test-reports";
import type { FileDuration } from "./vitest-durations-reporter";

export interface StepTime {
  name: string;
  seconds: number;
  ok: boolean;
}

export type PlaywrightSuite = PlaywrightJsonSuite;

/** Milliseconds spent per spec file (every result of every test, retries included), from Playwright's JSON report. */
export function playwrightFileDurations(report: { suites?: PlaywrightSuite[] } | null): FileDuration[] {
  const byFile = new Map<string, { ms: number; tests: number }>();
  const walk = (suites: PlaywrightSuite[] | undefined, file: string | undefined): void => {
    for (const s of suites ?? []) {
      const f = s.file ?? file ?? "?";
      const row = byFile.get(f) ?? { ms: 0, tests: 0 };
      for (const spec of s.specs ?? []) {
        for (const t of spec.tests ?? []) {
          row.tests++;
          for (const r of t.results ?? []) row.ms += r.duration ?? 0;
        }
      }
      byFile.set(f, row);
      walk(s.suites, f);
    }
  };
  walk(report?.suites, undefined);
  return [...byFile].filter(([, r]) => r.tests > 0).map(([file, r]) => ({ file: `e2e/${file}`, ms: r.ms, importMs: 0, tests: r.tests }));
}

/** The `n` slowest files, slowest first. */
export function slowest(rows: FileDuration[], n = 20): FileDuration[] {
  return [...rows].sort((a, b) => b.ms - a.ms || a.file.localeCompare(b.file)).slice(0, n);
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** The steps' table; the last row is the wall time (steps that ran side by side each show their own time). */
export function stepTable(steps: StepTime[], wallSeconds: number): string {
  return [
    "| step | time | result |",
    "| --- | ---: | --- |",
    ...steps.map((s) => `| ${s.name} | ${formatSeconds(s.seconds)} | ${s.ok ? "ok" : "FAILED"} |`),
    `| **wall time** | **${formatSeconds(wallSeconds)}** | |`,
  ].join("\n");
}

export function formatSeconds(s: number): string {
  const whole = Math.round(s);
  return whole >= 60 ? `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, "0")} s` : `${whole} s`;
}

export function fileTable(title: string, rows: FileDuration[]): string {
  if (rows.length === 0) return `${title}: no report.`;
  return [
    `${title}`,
    "",
    "| file | seconds | tests |",
    "| --- | ---: | ---: |",
    ...rows.map((r) => `| ${r.file} | ${seconds(r.ms)} | ${r.tests} |`),
  ].join("\n");
}
