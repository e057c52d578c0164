// Starting what the instance depends on again until it works. An instance that boots while its database refuses
// connections must come back by itself once the database does: not only when a request or a load balancer's probe
// happens to ask for the app's dependencies, because the workers (the outbox's mail, the reconciler, the plan
// charges) have no request to wait for. No `import "server-only"`: its test drives it with fake timers.

/** The waits between attempts: short at first (a database restarting comes back in seconds), then every 2 s. */
export const START_RETRY_DELAYS_MS = [250, 500, 1_000, 2_000] as const;

export interface RetryStartOptions {
  start: () => Promise<unknown>;
  /** True once the process is stopping: no further attempt is made. */
  stopping: () => boolean;
  onStarted: (attempts: number) => void;
  /** Told of the first failure and then of one in 30 (about a minute at 2 s), so a long outage does not flood the log. */
  onDeferred: (error: unknown, attempt: number, retryInMs: number) => void;
  delays?: readonly number[];
}

/** Resolves after the first attempt; later attempts run on unref'd timers until one succeeds or the process stops. */
export async function startWithRetry(opts: RetryStartOptions): Promise<void> {
  const delays = opts.delays ?? START_RETRY_DELAYS_MS;
  const attempt = async (n: number): Promise<void> => {
    if (opts.stopping()) return;
    try {
      await opts.start();
      opts.onStarted(n + 1);
    } catch (error) {
      if (opts.stopping()) return;
      const wait = delays[Math.min(n, delays.length - 1)]!;
      if (n === 0 || n % 30 === 0) opts.onDeferred(error, n + 1, wait);
      setTimeout(() => void attempt(n + 1), wait).unref();
    }
  };
  await attempt(0);
}
