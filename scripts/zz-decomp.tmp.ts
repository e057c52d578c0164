import { startBenchStack } from "./lib/bench-stack";
import { load } from "./lib/bench-load";
async function main() {
  const stack = await startBenchStack({ port: 3400, sandboxPort: 4410, distDir: ".next-bench", quiet: true });
  try {
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const body = "action=SALE&result=SUCCESS&order_id=x&trans_id=y&trans_date=z&hash=abc";
    const runs: Array<[string, Parameters<typeof load>[0]]> = [
      ["HEAD health", { url: `${stack.appUrl}/api/health`, method: "HEAD", headers: {}, connections: 20, amount: 6000 }],
      ["POST wrong secret (404)", { url: `${stack.appUrl}/api/webhooks/gateway/wrong`, method: "POST", headers: form, body, connections: 20, amount: 6000 }],
      ["POST unknown payment (unverifiable, stored)", { url: `${stack.appUrl}/api/webhooks/gateway/bench-webhook-secret-0123456789`, method: "POST", headers: form, bodyOf: (i) => body.replace("trans_date=z", `trans_date=z${i}`).replace("trans_id=y", `trans_id=y${i}`), connections: 20, amount: 6000 }],
    ];
    for (const [name, spec] of runs) { await load({ ...spec, amount: 1000 }); const m = await load(spec); console.log(name, m.reqPerSec, "req/s", m.medianMs, "ms", m.non2xx); }
  } finally { await stack.stop(); }
}
void main();
