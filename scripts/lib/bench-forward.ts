// Benchmark section "forward": what the dashboard adds when it forwards one status query to the gateway.
// In one run, with autocannon on 127.0.0.1 (bounded runs, after a warm-up), side by side:
//   (a) the sandbox's status endpoint called directly   POST /payment/status (signed, one payment)
//   (b) the dashboard's route handler that forwards it  POST /api/transactions/:id/sync (session + permission check,
//       one gateway status query, the ledger update and the gateway-call row in one transaction)
//   (c) an empty route handler of the same app          HEAD /api/health (liveness: nothing queried)
// Each at 1 connection (latency without queueing: the budget's "adds < 2 ms at the median") and at 10 connections
// (throughput). Latencies are taken from every response's own time (autocannon's histogram rounds to whole ms).
import autocannon from "autocannon";
import { statusHash } from "../../server/gateway/signing";
import { SANDBOX_DEFAULTS } from "../../server/gateway/sandbox-defaults";
import { seedSandboxPayment, signInCookies, type BenchStack } from "./bench-stack";
import { round } from "./bench-util";

const DURATION_S = Number(process.env.BENCH_FORWARD_SECONDS ?? 10);
const WARMUP_S = 3;

interface Target {
  key: "a" | "b" | "c";
  name: string;
  url: string;
  method: "POST" | "HEAD";
  headers: Record<string, string>;
  body?: string;
}

interface Measured {
  requests: number;
  reqPerSec: number;
  medianMs: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
}

async function load(t: Target, connections: number, seconds: number): Promise<Measured> {
  const samples: number[] = [];
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: t.url, method: t.method, headers: t.headers, body: t.body, connections, duration: seconds },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on("response", (_client, status, _bytes, ms) => {
      if (status < 300) samples.push(ms);
    });
  });
  samples.sort((x, y) => x - y);
  return {
    requests: r.requests.total,
    reqPerSec: round(r.requests.total / (r.duration || seconds), 0),
    medianMs: round(percentile(samples, 0.5), 3),
    p99Ms: round(percentile(samples, 0.99), 3),
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

export async function benchForward(stack: BenchStack) {
  const { header } = await signInCookies(stack.appUrl);
  const pay = await seedSandboxPayment(stack);
  const targets: Target[] = [
    {
      key: "a",
      name: "(a) sandbox status, direct",
      url: `${stack.sandboxUrl}/payment/status`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        order_id: pay.orderId,
        merchant_id: SANDBOX_DEFAULTS.clientKey,
        gway_Payment_id: pay.transId,
        hash: statusHash({ gwayPaymentId: pay.transId, secret: SANDBOX_DEFAULTS.merchantSecret }),
      }),
    },
    {
      key: "b",
      name: "(b) dashboard sync route (forwards it)",
      url: `${stack.appUrl}/api/transactions/${pay.paymentId}/sync`,
      method: "POST",
      headers: { cookie: header, origin: stack.appUrl },
    },
    { key: "c", name: "(c) empty route (HEAD /api/health)", url: `${stack.appUrl}/api/health`, method: "HEAD", headers: {} },
  ];
  // Each answers as expected before anything is timed.
  for (const t of targets) {
    const res = await fetch(t.url, { method: t.method, headers: t.headers, body: t.body });
    const text = await res.text();
    if (!res.ok) throw new Error(`${t.name}: ${res.status} ${text.slice(0, 300)}`);
  }
  const results: Record<string, Record<string, Measured>> = {};
  for (const connections of [1, 10]) {
    for (const t of targets) await load(t, connections, WARMUP_S);
    for (const t of targets) {
      const m = await load(t, connections, DURATION_S);
      (results[t.key] ??= {})[`c${connections}`] = m;
      console.log(`  ${t.name}, ${connections} connection(s): median ${m.medianMs} ms, p99 ${m.p99Ms} ms, ${m.reqPerSec} req/s`);
    }
  }
  const rows = targets.flatMap((t) =>
    [1, 10].map((c) => {
      const m = results[t.key]![`c${c}`]!;
      const a = results.a![`c${c}`]!;
      return {
        target: t.name,
        connections: c,
        "median ms": m.medianMs,
        "p99 ms": m.p99Ms,
        "req/s": m.reqPerSec,
        "median ÷ (a)": round(m.medianMs / a.medianMs),
        "req/s ÷ (a)": round(m.reqPerSec / a.reqPerSec),
        "non-2xx/errors": `${m.non2xx}/${m.errors}`,
      };
    }),
  );
  const a1 = results.a!.c1!;
  const b1 = results.b!.c1!;
  const c1 = results.c!.c1!;
  const overheadMs = round(b1.medianMs - a1.medianMs, 3);
  console.log(`\nGateway forwarding overhead (autocannon, ${DURATION_S} s per run after a ${WARMUP_S} s warm-up, 127.0.0.1)`);
  console.table(rows);
  console.log(
    `Overhead at the median, 1 connection: (b) − (a) = ${overheadMs} ms (budget < 2 ms: ${overheadMs < 2 ? "yes" : "NO"}); ` +
      `of which the app's empty route costs (c) = ${c1.medianMs} ms; (b) − (a) − (c) = ${round(b1.medianMs - a1.medianMs - c1.medianMs, 3)} ms`,
  );
  return {
    durationSeconds: DURATION_S,
    warmupSeconds: WARMUP_S,
    targets: targets.map((t) => ({
      key: t.key,
      name: t.name,
      method: t.method,
      path: new URL(t.url).pathname.replace(pay.paymentId, ":id"),
    })),
    results,
    overheadMedianMs: overheadMs,
    budgetMs: 2,
    withinBudget: overheadMs < 2,
  };
}
