// The budgets of issue #17 (DESIGN "Budgets") as the "forward" bench section judges them: every figure is a ratio or
// a difference within one run, so that a busy machine slows both sides alike.
export type Key = "a" | "b" | "c" | "d" | "e";

export interface Measured {
  requests: number;
  reqPerSec: number;
  medianMs: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export interface Budget {
  name: string;
  measured: string;
  limit: string;
  met: boolean;
}

const r2 = (n: number) => Math.round(n * 100) / 100;

/** a: sandbox direct, b: sync, c: empty route, d: forwarding read, e: signed-in list read. */
export function forwardBudgets(results: Record<Key, Record<"c1" | "c10", Measured>>): Budget[] {
  const base1 = results.c.c1.medianMs + results.a.c1.medianMs; // the empty route + the gateway's own answer
  const added = (k: Key) => r2(results[k].c1.medianMs - base1);
  const ratio = (k: Key) => r2(results[k].c10.reqPerSec / results.c.c10.reqPerSec);
  const fail = (k: Key) => results[k].c1.non2xx + results[k].c10.non2xx + results[k].c1.errors + results[k].c10.errors > 0;
  const budgets: Budget[] = [
    {
      name: "forwarding read: added at the median, 1 connection, over (c) + (a)",
      measured: `${added("d")} ms`,
      limit: "≤ 1 ms",
      met: added("d") <= 1,
    },
    { name: "forwarding read: throughput ÷ (c), 10 connections", measured: `${ratio("d")}×`, limit: "≥ 0.5×", met: ratio("d") >= 0.5 },
    {
      name: "sync: added at the median, 1 connection, over (c) + (a)",
      measured: `${added("b")} ms`,
      limit: "≤ 3 ms",
      met: added("b") <= 3,
    },
    { name: "sync: throughput ÷ (c), 10 connections", measured: `${ratio("b")}×`, limit: "≥ 0.3×", met: ratio("b") >= 0.3 },
    { name: "signed-in list read: throughput ÷ (c), 10 connections", measured: `${ratio("e")}×`, limit: "≥ 0.5×", met: ratio("e") >= 0.5 },
  ];
  // A route that answered errors is not measured at all: its budgets fail whatever the times say.
  for (const [k, from, to] of [
    ["d", 0, 2],
    ["b", 2, 4],
    ["e", 4, 5],
  ] as const)
    if (fail(k)) for (const b of budgets.slice(from, to)) Object.assign(b, { met: false, measured: `${b.measured} (errors)` });
  return budgets;
}
