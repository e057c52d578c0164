// The status queries that notifications failing verification may cause (#16). Such a notification is only a hint
// that a payment the ledger knows may have moved; the dashboard asks the gateway itself, signed with its own secret,
// and the ledger follows the answer. Bounded in memory (no database round trip per forged notification):
//   - per payment: at most one query per `perPaymentMs` (a minute); a hint inside that minute is not dropped but
//     coalesced into ONE query at the end of it, so a genuine later state change is not lost;
//   - in total: at most `globalPerWindow` queries per `windowMs`, so a flood across many payments cannot make the
//     dashboard flood the gateway; beyond it, hints wait (coalesced per payment) for the next window;
//   - at most `maxWaiting` payments waiting; beyond that a hint is dropped (the reconciler still syncs open payments).
import "server-only";
import { uncounted } from "../../db/query-observer";
import { logger } from "../../log/logger";

export interface StatusQueryLimiterOptions {
  perPaymentMs?: number;
  globalPerWindow?: number;
  windowMs?: number;
  maxWaiting?: number;
  now?: () => number;
}

export type HintOutcome = "queried" | "deferred" | "coalesced" | "dropped";

export interface StatusQueryLimiter {
  /** A hint about `paymentId`; `query` runs now or later (at most once per window), never concurrently for one payment. */
  hint(paymentId: string, query: () => Promise<unknown>): HintOutcome;
  /** How many payments have a deferred query waiting. */
  waitingCount(): number;
  /** Resolves when no query is running (deferred ones may still wait). */
  idle(): Promise<void>;
  /** Resolves when no query runs and none waits (tests). */
  drained(): Promise<void>;
}

export function createStatusQueryLimiter(opts: StatusQueryLimiterOptions = {}): StatusQueryLimiter {
  const perPaymentMs = opts.perPaymentMs ?? 60_000;
  const windowMs = opts.windowMs ?? 60_000;
  const globalPerWindow = opts.globalPerWindow ?? 30;
  const maxWaiting = opts.maxWaiting ?? 1_000;
  const now = opts.now ?? Date.now;
  const lastQuery = new Map<string, number>();
  const waiting = new Map<string, { timer: ReturnType<typeof setTimeout>; query: () => Promise<unknown> }>();
  const recent: number[] = [];
  let running = 0;
  let idleWaiters: Array<() => void> = [];
  let drainWaiters: Array<() => void> = [];

  const settle = () => {
    if (running > 0) return;
    const ws = idleWaiters;
    idleWaiters = [];
    for (const w of ws) w();
    if (waiting.size > 0) return;
    const ds = drainWaiters;
    drainWaiters = [];
    for (const d of ds) d();
  };
  const globalFreeAt = (t: number): number => {
    while (recent.length && recent[0]! <= t - windowMs) recent.shift();
    return recent.length < globalPerWindow ? t : recent[0]! + windowMs;
  };
  const prune = (t: number) => {
    if (lastQuery.size < 10_000) return;
    for (const [id, at] of lastQuery) if (at <= t - perPaymentMs) lastQuery.delete(id);
  };
  const run = (paymentId: string, query: () => Promise<unknown>, t: number) => {
    lastQuery.set(paymentId, t);
    recent.push(t);
    prune(t);
    running++;
    // Behind the request that gave the hint: not counted as its work (query-observer.ts).
    void uncounted(query)
      .catch((e: unknown) =>
        logger.error("notification.status_query_failed", { paymentId, error: e instanceof Error ? e.message : String(e) }),
      )
      .finally(() => {
        running--;
        settle();
      });
  };

  const limiter: StatusQueryLimiter = {
    hint(paymentId, query) {
      const pending = waiting.get(paymentId);
      if (pending) {
        pending.query = query; // the latest hint's query runs when the wait ends
        return "coalesced";
      }
      const t = now();
      const freeAt = Math.max((lastQuery.get(paymentId) ?? -Infinity) + perPaymentMs, globalFreeAt(t));
      if (freeAt <= t) {
        run(paymentId, query, t);
        return "queried";
      }
      if (waiting.size >= maxWaiting) return "dropped";
      const timer = setTimeout(() => {
        const w = waiting.get(paymentId);
        waiting.delete(paymentId);
        if (w) limiter.hint(paymentId, w.query);
        settle();
      }, freeAt - t);
      timer.unref?.();
      waiting.set(paymentId, { timer, query });
      return "deferred";
    },
    waitingCount: () => waiting.size,
    idle() {
      if (running === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    drained() {
      if (running === 0 && waiting.size === 0) return Promise.resolve();
      return new Promise((resolve) => drainWaiters.push(resolve));
    },
  };
  return limiter;
}

const globalKey = Symbol.for("merchant-dashboard.status-query-limiter");
type Holder = { [globalKey]?: StatusQueryLimiter };

/** The process's limiter (kept on globalThis so that dev-mode module reloads share it). */
export function defaultStatusQueryLimiter(): StatusQueryLimiter {
  const holder = globalThis as Holder;
  holder[globalKey] ??= createStatusQueryLimiter();
  return holder[globalKey];
}
