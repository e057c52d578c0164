// Rules guarded (operators, attackers): GET /api/metrics is there only when METRICS_TOKEN is set (404 otherwise, as
// an address that does not exist); it answers 401 in the one error shape to a missing or wrong token, to a token in
// the query string or under another scheme, and to a session cookie alone (never a session path); with the token it
// answers 200 in Prometheus's text format with every series the deployment guide lists, and never echoes the token.
// The real route file is checked too: declared public (the token is its credential), bound to METRICS_TOKEN through
// env() and to the process's database; the token, once configured, is scrubbed from every log line like the other
// secrets. Real databases: PGlite, and PostgreSQL when set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets, type TestDatabase } from "../../tests/support/db.support";
import { ROUTE_META, type RouteHandler } from "../http/route-core";
import { env } from "../env";
import { createLogger, memorySink } from "../log/logger";
import { bearerToken, createMetricsHandler, tokenMatches } from "./handler";

const TOKEN = `metrics-test-token-${"7".repeat(24)}`;
// Read by env() on its first call (the route file below), before anything in this file has read the configuration.
process.env.METRICS_TOKEN = TOKEN;

const silent = createLogger({ sink: () => {} });

/** Every series docs/deploy.md lists, by name (histograms by their _bucket lines). */
const REQUIRED_SERIES = [
  "dashboard_http_requests_total",
  "dashboard_http_request_duration_seconds_bucket",
  "dashboard_gateway_calls_total",
  "dashboard_gateway_call_duration_seconds_bucket",
  "dashboard_mail_outbox_depth",
  "dashboard_mail_outbox_overdue_seconds",
  "dashboard_gateway_notifications_unprocessed",
  "dashboard_outcome_unknown",
  "dashboard_reconciler_lag_seconds",
  "dashboard_plan_charges_due",
  "dashboard_plan_charges_overdue_seconds",
  "dashboard_db_transactions_open",
  "dashboard_db_transactions_waiting",
  "dashboard_db_pool_size",
  "dashboard_db_transactions_started_total",
  "dashboard_db_transaction_wait_seconds_total",
  "dashboard_db_statements_total",
  "dashboard_job_passes_total",
  "dashboard_job_pass_duration_seconds_bucket",
  "dashboard_job_last_success_timestamp_seconds",
  "dashboard_build_info",
  "dashboard_scrape_error",
  "dashboard_scrape_duration_seconds",
  "process_cpu_user_seconds_total",
  "process_resident_memory_bytes",
  "nodejs_eventloop_lag_seconds",
  "nodejs_heap_size_used_bytes",
];

const get = (headers: Record<string, string> = {}, query = "") =>
  new Request(`http://dashboard.test/api/metrics${query}`, { headers: { "accept-language": "en", ...headers } });

async function errorCode(res: Response): Promise<string | undefined> {
  const body = (await res.json()) as { error?: { code?: string; message?: string } };
  expect(body.error?.message).toEqual(expect.any(String)); // the one error shape
  return body.error?.code;
}

describe("the bearer token", () => {
  it("reads `Bearer <token>` in any case of the scheme, and nothing else", () => {
    expect(bearerToken(`Bearer ${TOKEN}`)).toBe(TOKEN);
    expect(bearerToken(`bearer ${TOKEN}`)).toBe(TOKEN);
    expect(bearerToken(`Basic ${TOKEN}`)).toBeNull();
    expect(bearerToken(`Bearer ${TOKEN} extra`)).toBeNull();
    expect(bearerToken(null)).toBeNull();
  });

  it("matches only the exact token (compared as hashes, in constant time)", () => {
    expect(tokenMatches(TOKEN, TOKEN)).toBe(true);
    expect(tokenMatches(`${TOKEN}x`, TOKEN)).toBe(false);
    expect(tokenMatches(TOKEN.slice(0, -1), TOKEN)).toBe(false);
    expect(tokenMatches("", TOKEN)).toBe(false);
    expect(tokenMatches(null, TOKEN)).toBe(false);
  });
});

describe.each(testDatabaseTargets())("GET /api/metrics on $name", (target) => {
  let database: TestDatabase;
  const handler = (token: string | null) => createMetricsHandler({ token: () => token, database: async () => database.db, logger: silent });

  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("METRICS_TOKEN unset: 404 in the error shape, whatever is sent, and nothing is read", async () => {
    let read = false;
    const unset = createMetricsHandler({
      token: () => null,
      database: async () => {
        read = true;
        return database.db;
      },
    });
    for (const res of [await unset(get()), await unset(get({ authorization: `Bearer ${TOKEN}` }))]) {
      expect(res.status).toBe(404);
      expect(await errorCode(res)).toBe("not_found");
    }
    expect(read).toBe(false);
  });

  it("a missing or wrong token, one in the query, another scheme, a session cookie alone: 401, nothing read", async () => {
    const metrics = handler(TOKEN);
    const refused = [
      get(),
      get({ authorization: `Bearer ${TOKEN.slice(0, -1)}0` }),
      get({ authorization: "Bearer " }),
      get({ authorization: `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString("base64")}` }),
      get({ authorization: TOKEN }),
      get({}, `?token=${TOKEN}`),
      get({ cookie: "next-auth.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0.x.y.z" }),
    ];
    for (const req of refused) {
      const res = await metrics(req);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
      const text = await res.clone().text();
      expect(text).not.toContain(TOKEN);
      expect(await errorCode(res)).toBe("unauthenticated");
    }
  });

  it("with the token: 200, Prometheus's text format, never cached, every listed series, no token in it", async () => {
    const res = await handler(TOKEN)(get({ authorization: `Bearer ${TOKEN}` }));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = await res.text();
    const names = new Set(
      text
        .split("\n")
        .filter((l) => l && !l.startsWith("#"))
        .map((l) => /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(l)![0]),
    );
    // Series that only appear once something happened: the request and gateway series get their samples here.
    const missing = REQUIRED_SERIES.filter((n) => !names.has(n) && !text.includes(`# TYPE ${n.replace(/_bucket$/, "")} `));
    expect(missing).toEqual([]);
    expect(text).toContain("# HELP dashboard_db_transactions_open");
    expect(text).toMatch(/^dashboard_scrape_error 0$/m);
    expect(text).not.toContain(TOKEN);
  });

  it("the route file: public (the token is the credential), bound to METRICS_TOKEN and to the process's database", async () => {
    const holders = globalThis as { [key: symbol]: Promise<unknown> | undefined };
    const key = Symbol.for("merchant-dashboard.database");
    const installed = holders[key];
    holders[key] = Promise.resolve(database);
    try {
      const { GET } = (await import("@/app/api/metrics/route")) as { GET: RouteHandler };
      expect(GET[ROUTE_META].access.kind).toBe("public");
      const call = (req: Request) => GET(req, { params: Promise.resolve({}) });
      expect((await call(get())).status).toBe(401);
      const res = await call(get({ authorization: `Bearer ${TOKEN}` }));
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toMatch(/^dashboard_mail_outbox_depth \d+$/m);
      expect(text).toMatch(/^dashboard_scrape_error 0$/m);
    } finally {
      if (installed) holders[key] = installed;
      else delete holders[key];
    }
  });
});

describe("the token in logs", () => {
  it("is one of the secrets every logger scrubs by value, once the configuration is read", () => {
    expect(env().metricsToken).toBe(TOKEN);
    const sink = memorySink();
    createLogger({ sink: sink.sink }).warn("metrics.probe", { note: `sent ${TOKEN} by mistake`, url: `/api/metrics?token=${TOKEN}` });
    expect(sink.text()).not.toContain(TOKEN);
    expect(sink.text()).toContain("[REDACTED]");
  });
});
