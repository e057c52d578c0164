// Benchmark section "callbacks" (issue #17, budget 1): a burst of 10,000 gateway notifications at the dashboard's
// receiver, each signed the way the gateway signs callbacks (MD5 formula over the payer e-mail on file, the secret,
// trans_id and the masked card), for one real payment (a sale at the sandbox, recorded in the ledger), each one
// distinct (its own trans_date, so its own dedupe key), form-encoded, 20 in flight (autocannon). Judged within the
// run against the app's empty route (HEAD /api/health) sent the same number of times at the same concurrency just
// before. Then: every callback answered 2xx must be stored (zero lost), and processed (the status query and the
// ledger update) within 10 s of the burst's end. A warm-up burst (its own year) goes first and is processed before
// anything is timed.
import { sql } from "drizzle-orm";
import type { Budget, Measured } from "./bench-forward-budgets";
import { load } from "./bench-load";
import { BENCH_WEBHOOK_SECRET, seedSandboxPayment, type BenchStack } from "./bench-stack";
import { round } from "./bench-util";
import { signedSaleCallbacks, transDate } from "./signed-callbacks";

const TOTAL = Number(process.env.BENCH_CALLBACKS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CALLBACK_CONCURRENCY ?? 20);

const WARMUP = 500;
const PROCESSED_WITHIN_S = 10;
/** How long the bench waits for processing before it reports the rest as not processed. */
const PROCESSING_WAIT_S = 60;

export async function benchCallbacks(stack: BenchStack) {
  const pay = await seedSandboxPayment(stack);
  const body = signedSaleCallbacks(pay);
  const url = `${stack.appUrl}/api/webhooks/gateway/${BENCH_WEBHOOK_SECRET}`;
  const bodyOf = (year: number) => (i: number) => body(transDate(year, i));
  const one = async <T>(q: ReturnType<typeof sql>): Promise<T> => {
    const rows = await stack.database.db.execute(q);
    return (Array.isArray(rows) ? rows[0] : (rows as unknown as { rows: unknown[] }).rows[0]) as T;
  };
  const counts = (year: number) =>
    one<{ stored: number; open: number; last: string | null }>(
      sql`select count(*)::int as stored, (count(*) filter (where processed_at is null))::int as open,
            max(processed_at)::text as last
          from gateway_notifications where trans_id = ${pay.transId} and payload->>'trans_date' like ${`%-${year} %`}`,
    );
  /** Seconds until every stored row of the year is processed (null: not within the wait). */
  const processed = async (year: number, since: number): Promise<number | null> => {
    for (;;) {
      const c = await counts(year);
      if (c.open === 0) return (performance.now() - since) / 1000;
      if (performance.now() - since > PROCESSING_WAIT_S * 1000) return null;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const form = { "content-type": "application/x-www-form-urlencoded" };

  // Warm-up: both routes, and a first burst processed to the end before anything is timed.
  await load({ url: `${stack.appUrl}/api/health`, method: "HEAD", headers: {}, connections: CONCURRENCY, amount: 2_000 });
  const warm = performance.now();
  await load({ url, method: "POST", headers: form, bodyOf: bodyOf(2019), connections: CONCURRENCY, amount: WARMUP });
  await processed(2019, warm);

  const empty = await load({ url: `${stack.appUrl}/api/health`, method: "HEAD", headers: {}, connections: CONCURRENCY, amount: TOTAL });
  const burst = await load({ url, method: "POST", headers: form, bodyOf: bodyOf(2020), connections: CONCURRENCY, amount: TOTAL });
  const burstEnd = performance.now();
  const openAtBurstEnd = (await counts(2020)).open;
  const processedIn = await processed(2020, burstEnd);
  const after = await counts(2020);
  const states = await stack.database.db.execute(
    sql`select coalesce(split_part(processing_result, ':', 1), 'waiting') as state, count(*)::int as n
        from gateway_notifications where trans_id = ${pay.transId} and payload->>'trans_date' like '%-2020 %' group by 1 order by 2 desc`,
  );
  const accepted = burst.requests - burst.non2xx;
  const ratio = round(burst.reqPerSec / empty.reqPerSec);
  const lost = Math.max(0, accepted - after.stored);
  const result = {
    sent: TOTAL,
    concurrency: CONCURRENCY,
    emptyRoute: empty,
    receiver: burst,
    accepted,
    storedRows: after.stored,
    lost,
    openAtBurstEnd,
    processedWithinSeconds: processedIn === null ? null : round(processedIn, 2),
    notProcessed: after.open,
    states: Array.isArray(states) ? states : (states as unknown as { rows: unknown[] }).rows,
  };
  console.log(`\nNotification receiver: burst of ${TOTAL.toLocaleString("en")} signed callbacks, ${CONCURRENCY} in flight`);
  console.table([
    { target: "(c) empty route (HEAD /api/health)", ...pick(empty) },
    { target: "notification receiver (POST /api/webhooks/gateway/…)", ...pick(burst) },
  ]);
  console.table([
    {
      "accepted (2xx)": accepted,
      "rows stored": after.stored,
      lost,
      "open at the burst's end": openAtBurstEnd,
      "all processed after the burst (s)": result.processedWithinSeconds ?? `not within ${PROCESSING_WAIT_S}`,
      "still open": after.open,
    },
  ]);
  const budgets: Budget[] = [
    { name: "receiver: throughput ÷ (c), 20 in flight", measured: `${ratio}×`, limit: "≥ 0.6×", met: ratio >= 0.6 && burst.errors === 0 },
    {
      name: "receiver: callbacks lost (answered 2xx, not stored)",
      measured: String(lost),
      limit: "0",
      met: lost === 0 && burst.non2xx === 0,
    },
    {
      name: "receiver: every callback processed after the burst",
      measured: processedIn === null ? `${after.open} open after ${PROCESSING_WAIT_S} s` : `${round(processedIn, 1)} s`,
      limit: `≤ ${PROCESSED_WITHIN_S} s`,
      met: processedIn !== null && processedIn <= PROCESSED_WITHIN_S,
    },
  ];
  console.log("Processing results:", JSON.stringify(result.states));
  console.log("\nBudgets (issue #17; ratios within this run)");
  console.table(budgets.map((b) => ({ budget: b.name, measured: b.measured, limit: b.limit, met: b.met ? "yes" : "NO" })));
  return { ...result, budgets, allWithinBudget: budgets.every((b) => b.met) };
}

function pick(m: Measured & { seconds: number }) {
  return {
    requests: m.requests,
    seconds: m.seconds,
    "req/s": m.reqPerSec,
    "median ms": m.medianMs,
    "p99 ms": m.p99Ms,
    "non-2xx/errors": `${m.non2xx}/${m.errors}`,
  };
}
