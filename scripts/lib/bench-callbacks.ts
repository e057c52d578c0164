// Benchmark section "callbacks": a burst of 10,000 gateway notifications at the dashboard's receiver, each signed
// the way the gateway signs callbacks (MD5 formula over the payer e-mail on file, the secret, trans_id and the
// masked card), for one real payment (a sale at the sandbox, recorded in the ledger), each one distinct (its own
// trans_date, so its own dedupe key). Sent form-encoded with bounded concurrency; then the rows in
// gateway_notifications are counted: every callback answered 2xx must be there (zero lost).
import { sql } from "drizzle-orm";
import { captureHash, cardPartsOf } from "../../server/gateway/signing";
import { SANDBOX_DEFAULTS } from "../../server/gateway/sandbox-defaults";
import { BENCH_WEBHOOK_SECRET, seedSandboxPayment, type BenchStack } from "./bench-stack";
import { round } from "./bench-util";

const TOTAL = Number(process.env.BENCH_CALLBACKS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CALLBACK_CONCURRENCY ?? 20);

function transDate(i: number): string {
  // A year no real callback of this run carries: the sandbox's own callback for the sale is not counted.
  const d = new Date(Date.UTC(2020, 0, 1, 0, 0, 0) + i * 1000);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${p(d.getUTCDate())}-${p(d.getUTCMonth() + 1)}-${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

export async function benchCallbacks(stack: BenchStack) {
  const pay = await seedSandboxPayment(stack);
  const card = cardPartsOf(pay.card);
  const hash = captureHash({ email: pay.email, secret: SANDBOX_DEFAULTS.merchantSecret, transId: pay.transId, card });
  const url = `${stack.appUrl}/api/webhooks/gateway/${BENCH_WEBHOOK_SECRET}`;
  const body = (i: number) =>
    new URLSearchParams({
      action: "SALE",
      result: "SUCCESS",
      status: "SETTLED",
      order_id: pay.orderId,
      trans_id: pay.transId,
      trans_date: transDate(i),
      amount: "25.00",
      currency: "SAR",
      card: `${card.bin6}XXXXXX${card.last4}`,
      card_brand: "VISA",
      card_expiration_date: "01/2038",
      merchant_name: "Sandbox Merchant",
      hash,
    }).toString();
  const count = async () => {
    const rows = await stack.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from gateway_notifications where trans_id = ${pay.transId} and payload->>'trans_date' like '%-2020 %'`,
    );
    return Number((Array.isArray(rows) ? rows[0] : (rows as { rows: Array<{ n: number }> }).rows[0])?.n ?? 0);
  };
  const before = await count();
  let next = 0;
  let accepted = 0;
  let rejected = 0;
  let failed = 0;
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (;;) {
        const i = next++;
        if (i >= TOTAL) return;
        const t = performance.now();
        try {
          const res = await fetch(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: body(i) });
          await res.arrayBuffer();
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.ok) accepted++;
          else rejected++;
        } catch {
          failed++;
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const stored = (await count()) - before;
  latencies.sort((a, b) => a - b);
  const result = {
    sent: TOTAL,
    concurrency: CONCURRENCY,
    accepted,
    rejected,
    transportErrors: failed,
    statuses,
    seconds: round(seconds),
    acceptedPerSecond: round(accepted / seconds, 0),
    medianMs: round(latencies[Math.floor(latencies.length / 2)]!, 2),
    p99Ms: round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))]!, 2),
    storedRows: stored,
    lost: Math.max(0, accepted - stored),
  };
  console.log(`\nNotification receiver: burst of ${TOTAL.toLocaleString("en")} signed callbacks, ${CONCURRENCY} in flight`);
  console.table([
    {
      sent: result.sent,
      "accepted (2xx)": result.accepted,
      "rows stored": result.storedRows,
      lost: result.lost,
      seconds: result.seconds,
      "callbacks/s": result.acceptedPerSecond,
      "median ms": result.medianMs,
      "p99 ms": result.p99Ms,
    },
  ]);
  if (result.lost > 0) console.log(`LOST: ${result.lost} accepted callbacks are not in the database`);
  return result;
}
