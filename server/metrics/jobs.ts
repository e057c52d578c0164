// The background jobs' series (DESIGN.md, "Operating it": every background job has a metric).
// - Jobs run by startPeriodic (server/services/periodic.ts: the reconciler, the plan scheduler, the mail worker, the
//   report scheduler) are recorded by it at the end of every pass: passes by outcome, pass duration, last success.
// - A job that keeps its own record of its last pass (in memory or in the database) calls registerJobMetrics once
//   with a probe; each scrape asks the probe, within the scrape's time limit, and exports its answer as the job's
//   dashboard_job_last_success_timestamp_seconds. For example, a job keeping its last pass as { finishedAt, ok }:
//     registerJobMetrics({ job: "retention", lastSuccessAt: () => { const p = lastRetentionPass(); return p?.ok ? p.finishedAt : null; } });
//   A job run by startPeriodic that throws on failure needs no probe: its passes are recorded already.
// No `import "server-only"`: periodic.ts is imported by code the scripts share; nothing here is a secret.
import { metrics } from "./registry";

export interface JobProbe {
  /** The `job` label: a fixed name (lower-case letters, digits, underscores), never data. */
  job: string;
  /** When the job last finished a pass without failing; null before the first. May read the database. */
  lastSuccessAt(): Date | null | Promise<Date | null>;
}

const JOB_NAME = /^[a-z][a-z0-9_]{0,62}$/;

const KEY = Symbol.for("merchant-dashboard.metrics.job-probes");
type Holder = { [KEY]?: Map<string, JobProbe> };

/** The registered probes, one per job name (kept on globalThis: dev reloads register again, replacing the old one). */
export function jobProbes(): ReadonlyMap<string, JobProbe> {
  return ((globalThis as Holder)[KEY] ??= new Map());
}

/** Registers a job's probe (a second call for the same job replaces the first). */
export function registerJobMetrics(probe: JobProbe): void {
  if (!JOB_NAME.test(probe.job)) throw new Error(`registerJobMetrics: "${probe.job}" is not a job name (a-z, 0-9, _)`);
  ((globalThis as Holder)[KEY] ??= new Map()).set(probe.job, probe);
}

/** Records the last success a probe reported (scrape.ts), keeping the later of it and this process's own passes. */
export function noteJobSuccess(job: string, at: Date): void {
  const m = metrics();
  const seconds = at.getTime() / 1000;
  if (seconds > (m.jobLastSuccess.get(job) ?? 0)) m.jobLastSuccess.set(job, seconds);
}

/** One pass of a periodic job ended (periodic.ts). Never throws. */
export function recordJobPass(job: string, ok: boolean, seconds: number, endedAt: Date = new Date()): void {
  try {
    const m = metrics();
    m.jobPasses.inc({ job, outcome: ok ? "ok" : "failed" });
    m.jobDuration.observe({ job }, seconds);
    if (ok) noteJobSuccess(job, endedAt);
  } catch {
    // never break a job for a metric
  }
}
