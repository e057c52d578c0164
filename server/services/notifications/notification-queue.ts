// The in-process queue that processes notifications after the receiver has answered. It is only a fast path: the
// rows are already stored, unprocessed, so a notification whose process dies is picked up by the reconciler.
import "server-only";
import { uncounted } from "../../db/query-observer";
import { logger } from "../../log/logger";

export interface NotificationQueue {
  /** Run `task` soon, after the current request has been answered. Never throws. */
  push(task: () => Promise<unknown>): void;
  /** Resolves when every queued task has finished (tests, shutdown). */
  idle(): Promise<void>;
  /** How long a batch waits for more items before it starts (createBatcher); 0 starts at once. */
  readonly batchWindowMs: number;
}

export function createNotificationQueue(
  opts: { concurrency?: number; maxQueued?: number; batchWindowMs?: number } = {},
): NotificationQueue {
  const concurrency = opts.concurrency ?? 2;
  const maxQueued = opts.maxQueued ?? 1_000;
  const waiting: Array<() => Promise<unknown>> = [];
  let running = 0;
  let idleWaiters: Array<() => void> = [];

  const settle = () => {
    if (running === 0 && waiting.length === 0) {
      const ws = idleWaiters;
      idleWaiters = [];
      for (const w of ws) w();
    }
  };
  const pump = () => {
    while (running < concurrency && waiting.length > 0) {
      const task = waiting.shift()!;
      running++;
      // Work done behind a request is not the request's: the query observer does not count it (query-observer.ts).
      void uncounted(task)
        .catch((e: unknown) => logger.error("notification.queue_task_failed", { error: e instanceof Error ? e.message : String(e) }))
        .finally(() => {
          running--;
          pump();
          settle();
        });
    }
  };
  return {
    batchWindowMs: opts.batchWindowMs ?? 0,
    push(task) {
      // Beyond the bound the row simply waits for the reconciler: memory stays bounded under a flood.
      if (waiting.length >= maxQueued) return;
      waiting.push(task);
      setImmediate(pump);
    },
    idle() {
      if (running === 0 && waiting.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}

export interface Batcher<T> {
  /** Add an item to the batch waiting for its turn on the queue (or start one). Never throws. */
  add(item: T): void;
}

/**
 * Items handed to `run` in batches on `queue`: items added while a batch waits for its turn (and for the queue's
 * batch window) join it, up to `maxBatch` each, so a burst costs a few tasks rather than one per item. Beyond
 * `maxWaiting` items are dropped (for notifications: the row stays stored and waiting, and the reconciler takes it).
 */
export function createBatcher<T>(
  queue: NotificationQueue,
  run: (items: T[]) => Promise<unknown>,
  opts: { maxBatch?: number; maxWaiting?: number } = {},
): Batcher<T> {
  const maxBatch = opts.maxBatch ?? 500;
  const maxWaiting = opts.maxWaiting ?? 20_000;
  const waiting: T[] = [];
  let scheduled = false;
  const schedule = () => {
    scheduled = true;
    queue.push(async () => {
      // The task is on the queue at once (idle() waits for it); the window lets a burst gather into one batch.
      if (queue.batchWindowMs > 0) await new Promise((resolve) => setTimeout(resolve, queue.batchWindowMs));
      scheduled = false;
      const batch = waiting.splice(0, maxBatch);
      if (waiting.length > 0) schedule();
      if (batch.length > 0) await run(batch);
    });
  };
  return {
    add(item) {
      if (waiting.length >= maxWaiting) return;
      waiting.push(item);
      if (!scheduled) schedule();
    },
  };
}

const globalKey = Symbol.for("merchant-dashboard.notification-queue");
type Holder = { [globalKey]?: NotificationQueue };

/** The process's queue (kept on globalThis so that dev-mode module reloads share it). */
export function defaultNotificationQueue(): NotificationQueue {
  const holder = globalThis as Holder;
  // A 50 ms window: during a burst of notifications for one payment, the app syncs it some 20 times a second per
  // slot rather than back to back, leaving the CPU to the receiver (#17); a notification waits 50 ms more.
  holder[globalKey] ??= createNotificationQueue({ batchWindowMs: 50 });
  return holder[globalKey];
}
