// The process's Prometheus registry and every series the dashboard exports (docs/deploy.md, "Metrics", lists them).
// One registry per process, kept on globalThis: Next.js loads a module once per bundle (instrumentation, each route)
// and again on every dev reload, and a second registry would count half the requests, or throw on a name
// registered twice. Series fed as things happen (requests, gateway calls, job passes) live here; the ones read
// from the database at scrape time are made per scrape by scrape.ts. No `import "server-only"`: request-log.ts (loaded by
// instrumentation.ts) and the gateway transport record into it; it holds no secret.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { BUILD_INFO } from "../build-info";
import { databaseActivity, type DatabaseActivity } from "../db/query-observer";

/** Requests answer in milliseconds; the slowest wait for the gateway (its deadline is 15 s) or stream a download. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 60];
/** A gateway call takes tens to hundreds of ms; a hung one runs to GATEWAY_TIMEOUT_MS (20 s) or the deadline. */
const GATEWAY_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 20, 30, 60];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300];

export interface MetricsState {
  registry: Registry;
  httpRequests: Counter<"method" | "route" | "status_class">;
  httpDuration: Histogram<"method" | "route" | "status_class">;
  /** The route labels handed out so far (observe.ts caps their number). */
  routeLabels: Set<string>;
  gatewayCalls: Counter<"operation" | "outcome">;
  gatewayDuration: Histogram<"operation" | "outcome">;
  jobPasses: Counter<"job" | "outcome">;
  jobDuration: Histogram<"job">;
  /** Epoch seconds of each job's last successful pass: this process's passes, and registered probes' answers. */
  jobLastSuccess: Map<string, number>;
  auditChainOk: Gauge;
  auditChainCheckedAt: Gauge;
}

function createMetrics(): MetricsState {
  const registry = new Registry();
  // process_* and nodejs_*: CPU, resident memory, open file descriptors, heap, GC, event-loop lag.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const jobLastSuccess = new Map<string, number>();

  new Gauge({
    name: "dashboard_build_info",
    help: "The build this instance runs (always 1; the labels name it), as /api/health/ready reports it.",
    labelNames: ["version", "build"],
    registers,
  }).set({ version: BUILD_INFO.version, build: BUILD_INFO.build }, 1);

  // The pool's use, as exactly as the app can see it (query-observer.ts): postgres.js publishes no pool statistics,
  // but a top-level transaction takes a connection of its own, so these say how many are held and how many wait.
  const DB_TRANSACTIONS =
    "Top-level database transactions (db.transaction) in this process, counted by the app's query observer: on " +
    "PostgreSQL each holds one pooled connection of its own from BEGIN to its end. Statements sent outside a " +
    "transaction share connections (pipelined) and are not in this figure.";
  /** A gauge that reads one of the query observer's figures at each scrape. */
  const observerGauge = (name: string, help: string, read: (a: DatabaseActivity) => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read(databaseActivity()));
      },
    });
  observerGauge("dashboard_db_transactions_open", `${DB_TRANSACTIONS} Holding their connection now.`, (a) => a.openTransactions);
  observerGauge(
    "dashboard_db_transactions_waiting",
    `${DB_TRANSACTIONS} Asked for and not yet holding a connection (the pool is full, or BEGIN is on its way).`,
    (a) => a.waitingTransactions,
  );
  observerGauge(
    "dashboard_db_pool_size",
    "Connections the requests' pool may open (PostgreSQL; 1 for the embedded PGlite): the open transactions' ceiling.",
    (a) => a.poolSize,
  );
  /** A counter that follows one of the query observer's running totals (it only grows; a scrape adds what is new). */
  const observerTotal = (name: string, help: string, read: (a: DatabaseActivity) => number) => {
    let reported = 0;
    new Counter({
      name,
      help,
      registers,
      collect() {
        const now = read(databaseActivity());
        if (now > reported) this.inc(now - reported);
        reported = now;
      },
    });
  };
  observerTotal(
    "dashboard_db_transactions_started_total",
    `${DB_TRANSACTIONS} Transactions that got their connection.`,
    (a) => a.transactionsStarted,
  );
  observerTotal(
    "dashboard_db_transaction_wait_seconds_total",
    `${DB_TRANSACTIONS} Seconds they waited for their connection and BEGIN, summed: divided by ` +
      "dashboard_db_transactions_started_total's rate, the mean wait (a few milliseconds when the pool keeps up).",
    (a) => a.transactionWaitSeconds,
  );
  observerTotal(
    "dashboard_db_statements_total",
    "Statements this process sent through Drizzle, counted by the app's query observer (BEGIN and COMMIT not included).",
    (a) => a.statements,
  );
  new Gauge({
    name: "dashboard_job_last_success_timestamp_seconds",
    help:
      "When each background job last finished a pass without failing (Unix time): passes run by this process, or what a " +
      "job registered with registerJobMetrics reports. Absent until the first success.",
    labelNames: ["job"],
    registers,
    collect() {
      this.reset();
      for (const [job, at] of jobLastSuccess) this.set({ job }, at);
    },
  });

  return {
    registry,
    httpRequests: new Counter({
      name: "dashboard_http_requests_total",
      help: "HTTP requests answered, by method, route template (ids as :id) and status class (aborted: the client left first).",
      labelNames: ["method", "route", "status_class"],
      registers,
    }),
    httpDuration: new Histogram({
      name: "dashboard_http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its answer, by method, route template and status class.",
      labelNames: ["method", "route", "status_class"],
      buckets: HTTP_BUCKETS,
      registers,
    }),
    routeLabels: new Set(),
    gatewayCalls: new Counter({
      name: "dashboard_gateway_calls_total",
      help:
        "Gateway calls by operation and outcome: success, declined, error (the gateway answered with an error), bad_answer " +
        "(an answer the contract does not allow: 5xx, a redirect, unreadable), unconfirmed (a money call answered without a " +
        "documented success word, e.g. UNDEFINED: settled later by a status query), timeout (including the request's deadline), " +
        "network (refused, unreachable, reset). Retries of a read count as one call.",
      labelNames: ["operation", "outcome"],
      registers,
    }),
    gatewayDuration: new Histogram({
      name: "dashboard_gateway_call_duration_seconds",
      help: "Time of each gateway call, retries of a read included, by operation and outcome.",
      labelNames: ["operation", "outcome"],
      buckets: GATEWAY_BUCKETS,
      registers,
    }),
    jobPasses: new Counter({
      name: "dashboard_job_passes_total",
      help: "Passes of this process's background jobs (reconcile, plans, mail, report_schedules), by outcome: ok or failed.",
      labelNames: ["job", "outcome"],
      registers,
    }),
    jobDuration: new Histogram({
      name: "dashboard_job_pass_duration_seconds",
      help: "Time of each pass of this process's background jobs.",
      labelNames: ["job"],
      buckets: JOB_BUCKETS,
      registers,
    }),
    jobLastSuccess,
    auditChainOk: new Gauge({
      name: "dashboard_audit_chain_ok",
      help:
        "1 when this process's last audit anchoring pass verified the audit trail (HMAC chain, checkpoint, anchors), 0 when it " +
        "did not, or before the first pass (dashboard_audit_chain_checked_timestamp_seconds is 0 then).",
      registers,
    }),
    auditChainCheckedAt: new Gauge({
      name: "dashboard_audit_chain_checked_timestamp_seconds",
      help: "When this process's last audit anchoring pass ran (Unix time), whatever it found; 0 before the first.",
      registers,
    }),
  };
}

/**
 * The audit anchoring pass's verdict (anchor-pass.ts): dashboard_audit_chain_ok is 1 when the trail verified, 0 when
 * it did not; the timestamp says when (0 before this process's first pass, when the verdict means nothing yet). Kept beside the registry so that a
 * pass run before the first scrape is not lost.
 */
export function recordAuditChainCheck(ok: boolean, at: Date): void {
  try {
    const m = metrics();
    m.auditChainOk.set(ok ? 1 : 0);
    m.auditChainCheckedAt.set(at.getTime() / 1000);
  } catch {
    // never break the pass for a metric
  }
}

const KEY = Symbol.for("merchant-dashboard.metrics");
type Holder = { [KEY]?: MetricsState };

/** The process's metrics (created on first use). */
export function metrics(): MetricsState {
  return ((globalThis as Holder)[KEY] ??= createMetrics());
}
