// A job run every `intervalMs` in the background of one process: never two passes at once (a pass asked for while
// one runs gets that one's result), a failed pass is logged and the next one still comes, the timer does not keep
// the process alive, and stop() waits for a running pass. The reconciler and the plan scheduler are two of these.
// Every pass is recorded in the metrics (server/metrics/jobs.ts) under the job's name: that is each job's metric.
import "server-only";
import type { Logger } from "../log/logger";
import { recordJobPass } from "../metrics/jobs";

export interface PeriodicHandle<R> {
  /** Run a pass now (or wait for the one running) and return its result; null when it failed. */
  runNow(): Promise<R | null>;
  /** Stop the timer and wait for a running pass to finish. */
  stop(): Promise<void>;
}

export interface PeriodicJob<R> {
  /** Event name prefix of its log lines: `<name>.pass_failed`. */
  name: string;
  intervalMs: number;
  /** Delay of the first pass (default: one interval). */
  firstDelayMs?: number;
  run(): Promise<R>;
  /** What to log about a pass that succeeded (nothing by default). */
  report?(result: R): void;
  log: Logger;
}

export function startPeriodic<R>(job: PeriodicJob<R>): PeriodicHandle<R> {
  let timer: NodeJS.Timeout | null = null;
  let stopped = job.intervalMs <= 0;
  let current: Promise<R | null> | null = null;

  const pass = (): Promise<R | null> => {
    const started = performance.now();
    let recorded = false; // once per pass: a report() that throws after a good run is not a second, failed pass
    const ended = (ok: boolean) => {
      if (!recorded) recordJobPass(job.name, ok, (performance.now() - started) / 1000);
      recorded = true;
    };
    current ??= job
      .run()
      .then((result) => {
        ended(true);
        job.report?.(result);
        return result;
      })
      .catch((e: unknown) => {
        ended(false);
        job.log.error(`${job.name}.pass_failed`, { error: e instanceof Error ? e.message : String(e) });
        return null;
      })
      .finally(() => {
        current = null;
      });
    return current;
  };
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      void pass().finally(() => schedule(job.intervalMs));
    }, delay);
    timer.unref?.();
  };
  schedule(job.firstDelayMs ?? job.intervalMs);

  return {
    runNow: pass,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await current;
    },
  };
}
