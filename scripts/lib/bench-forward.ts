// Benchmark section "forward": what the dashboard adds to a request, against its own empty route, in ONE run (the
// ratios are what the budgets of issue #17 judge; the machine is shared, so absolute times are read as upper bounds).
// With autocannon on 127.0.0.1 (bounded runs, after a warm-up), side by side:
//   (a) the sandbox's status endpoint called directly   POST /payment/status (signed, one payment)
//   (b) "Sync with gateway"                             POST /api/transactions/:id/sync (session + permission,
//       the status and details queries in parallel, the ledger update in one transaction); ten payments in turn,
//       as ten people syncing their own payments would (one payment would measure its row lock)
//   (c) an empty route handler of the same app          HEAD /api/health (nothing queried)
//   (d) the forwarding read                             GET /api/transactions/:id/gateway (session + permission,
//       one ledger read, the two gateway queries; nothing written on the request's path)
//   (e) a signed-in list read                           GET /api/transactions (first page), as a "read-only" user
//       (the session check, the permission lookup, the page's queries)
// Each at 1 connection (latency without queueing) and 10 (throughput). Latencies are every response's own time
// (autocannon's histogram rounds to whole ms). The budgets (forwardBudgets) print with a yes/no each.
import { createUser } from "../../server/auth/users";
import { statusHash } from "../../server/gateway/signing";
import { SANDBOX_DEFAULTS } from "../../server/gateway/sandbox-defaults";
import { forwardBudgets, type Key, type Measured } from "./bench-forward-budgets";
import { seedSandboxPayment, signInCookies, type BenchStack } from "./bench-stack";
import { load } from "./bench-load";
import { round } from "./bench-util";

const DURATION_S = Number(process.env.BENCH_FORWARD_SECONDS ?? 10);
const WARMUP_S = 3;
const SYNCED_PAYMENTS = 10;
const READER = { email: "bench-reader@example.com", password: "bench-reader-password-123456" };

interface Target {
  key: Key;
  name: string;
  method: "POST" | "HEAD" | "GET";
  headers: Record<string, string>;
  body?: string;
  /** Paths taken in turn (one unless the target spreads over several payments). */
  urls: string[];
}

function loadTarget(t: Target, connections: number, seconds: number): Promise<Measured> {
  const paths = t.urls.map((u) => new URL(u).pathname + new URL(u).search);
  return load({ url: t.urls[0]!, method: t.method, headers: t.headers, body: t.body, connections, seconds, paths });
}

export async function benchForward(stack: BenchStack) {
  await createUser(
    stack.database.db,
    { email: READER.email, name: "Bench Reader", password: READER.password, userType: "USER", roleNames: ["read-only"] },
    { id: null, email: "bench-seed" },
  );
  const [{ header }, reader] = [await signInCookies(stack.appUrl), await signInCookies(stack.appUrl, READER)];
  const pays = [];
  for (let i = 0; i < SYNCED_PAYMENTS; i++) pays.push(await seedSandboxPayment(stack));
  const pay = pays[0]!;
  const signedIn = { cookie: header, origin: stack.appUrl };
  const targets: Target[] = [
    {
      key: "a",
      name: "(a) sandbox status, direct",
      urls: [`${stack.sandboxUrl}/payment/status`],
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
      name: `(b) sync (POST …/:id/sync, ${SYNCED_PAYMENTS} payments)`,
      urls: pays.map((p) => `${stack.appUrl}/api/transactions/${p.paymentId}/sync`),
      method: "POST",
      headers: signedIn,
    },
    { key: "c", name: "(c) empty route (HEAD /api/health)", urls: [`${stack.appUrl}/api/health`], method: "HEAD", headers: {} },
    {
      key: "d",
      name: "(d) forwarding read (GET …/:id/gateway)",
      urls: [`${stack.appUrl}/api/transactions/${pay.paymentId}/gateway`],
      method: "GET",
      headers: signedIn,
    },
    {
      key: "e",
      name: "(e) list, first page (GET /api/transactions)",
      urls: [`${stack.appUrl}/api/transactions`],
      method: "GET",
      headers: { cookie: reader.header },
    },
  ];
  // Each answers as expected before anything is timed.
  for (const t of targets) {
    for (const url of t.urls) {
      const res = await fetch(url, { method: t.method, headers: t.headers, body: t.body });
      const text = await res.text();
      if (!res.ok) throw new Error(`${t.name}: ${res.status} ${text.slice(0, 300)}`);
    }
  }
  const results = {} as Record<Key, Record<"c1" | "c10", Measured>>;
  for (const connections of [1, 10] as const) {
    for (const t of targets) await loadTarget(t, connections, WARMUP_S);
    for (const t of targets) {
      const m = await loadTarget(t, connections, DURATION_S);
      (results[t.key] ??= {} as Record<"c1" | "c10", Measured>)[`c${connections}`] = m;
      console.log(`  ${t.name}, ${connections} connection(s): median ${m.medianMs} ms, p99 ${m.p99Ms} ms, ${m.reqPerSec} req/s`);
    }
  }
  const rows = targets.flatMap((t) =>
    ([1, 10] as const).map((c) => {
      const m = results[t.key][`c${c}`];
      const empty = results.c[`c${c}`];
      return {
        target: t.name,
        connections: c,
        "median ms": m.medianMs,
        "p99 ms": m.p99Ms,
        "req/s": m.reqPerSec,
        "req/s ÷ (c)": round(m.reqPerSec / empty.reqPerSec),
        "non-2xx/errors": `${m.non2xx}/${m.errors}`,
      };
    }),
  );
  console.log(`\nWhat the dashboard adds (autocannon, ${DURATION_S} s per run after a ${WARMUP_S} s warm-up, 127.0.0.1)`);
  console.table(rows);
  const budgets = forwardBudgets(results);
  console.log("\nBudgets (issue #17; ratios within this run)");
  console.table(budgets.map((b) => ({ budget: b.name, measured: b.measured, limit: b.limit, met: b.met ? "yes" : "NO" })));
  return {
    durationSeconds: DURATION_S,
    warmupSeconds: WARMUP_S,
    targets: targets.map((t) => ({
      key: t.key,
      name: t.name,
      method: t.method,
      path: new URL(t.urls[0]!).pathname.replace(/[0-9a-f-]{36}/, ":id"),
    })),
    results,
    budgets,
    allWithinBudget: budgets.every((b) => b.met),
  };
}
