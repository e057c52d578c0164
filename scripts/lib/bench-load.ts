// The benchmarks' load generator: autocannon on 127.0.0.1, for a duration or a fixed number of requests, every
// response's own latency kept (autocannon's histogram rounds to whole ms). Shared by the "forward" and "callbacks"
// sections, so that a route and the empty route it is judged against are measured the same way.
import autocannon from "autocannon";
import type { Measured } from "./bench-forward-budgets";
import { round } from "./bench-util";

export interface LoadSpec {
  method: "POST" | "HEAD" | "GET";
  headers: Record<string, string>;
  /** The first request's URL; `paths` or `bodyOf` vary the later ones. */
  url: string;
  body?: string;
  connections: number;
  /** Run for this long … */
  seconds?: number;
  /** … or send exactly this many requests. */
  amount?: number;
  /** Paths taken in turn (several payments). */
  paths?: string[];
  /** The body of the i-th request (distinct notifications). */
  bodyOf?: (i: number) => string;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
}

export async function load(spec: LoadSpec): Promise<Measured & { seconds: number }> {
  const samples: number[] = [];
  let turn = 0;
  const vary = (spec.paths?.length ?? 0) > 1 || spec.bodyOf !== undefined;
  const started = performance.now();
  let lastResponse = 0;
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.url,
        method: spec.method,
        headers: spec.headers,
        body: spec.body,
        connections: spec.connections,
        ...(spec.amount !== undefined ? { amount: spec.amount } : { duration: spec.seconds ?? 10 }),
        ...(vary
          ? {
              requests: [
                {
                  setupRequest: (req) => {
                    const i = turn++;
                    return {
                      ...req,
                      ...(spec.paths && spec.paths.length > 1 ? { path: spec.paths[i % spec.paths.length]! } : {}),
                      ...(spec.bodyOf ? { body: spec.bodyOf(i) } : {}),
                    };
                  },
                },
              ],
            }
          : {}),
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on("response", (_client, status, _bytes, ms) => {
      lastResponse = performance.now();
      if (status < 300) samples.push(ms);
    });
  });
  // Until the last response, not until autocannon's callback: it reports on a one-second tick, which would round a
  // fixed number of requests up to whole seconds.
  const seconds = ((lastResponse || performance.now()) - started) / 1000;
  samples.sort((x, y) => x - y);
  return {
    requests: r.requests.total,
    reqPerSec: round(r.requests.total / (spec.amount !== undefined ? seconds : r.duration || spec.seconds || seconds), 0),
    medianMs: round(percentile(samples, 0.5), 3),
    p99Ms: round(percentile(samples, 0.99), 3),
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    seconds: round(seconds, 2),
  };
}
