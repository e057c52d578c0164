// Rules guarded (operators): the request hook (the access log's own place, no other wrapper) counts and times every
// request by route template, so a UUID collapses to :id and the notification receiver's secret never reaches a label
// after a notification request, accepted or refused; the number of route labels is bounded; every gateway call is
// counted and timed by operation and the outcome its typed result gives; every background job pass is recorded, and
// a job registered with registerJobMetrics reports its last success at scrape time. Real HTTP on 127.0.0.1.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { money } from "@/lib/money";
import { startCaptureServer, type CaptureServer } from "../../tests/support/capture-server.support";
import { testConfig } from "../../tests/support/gateway-fixtures.support";
import type { Db } from "../db/client";
import { createGatewayClient } from "../gateway/client";
import type { GatewayResult } from "../gateway/result";
import { observeRequest } from "../http/request-log";
import { createLogger } from "../log/logger";
import { startPeriodic } from "../services/periodic";
import { registerJobMetrics } from "./jobs";
import { gatewayOutcome, MAX_ROUTE_LABELS, observeHttpRequest } from "./observe";
import { metrics } from "./registry";
import { scrape } from "./scrape";

const silent = createLogger({ sink: () => {} });
const WEBHOOK_SECRET = "observe-test-hook-secret-5f9c1d2e7a";

const exposition = () => metrics().registry.metrics();

/** The value of one sample (`name{labels}` exactly as exported) in an exposition text; 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

let app: http.Server;
let appUrl: string;
beforeAll(async () => {
  // A server whose handler runs inside the access-log hook, answering the way the app's pages and handlers do.
  app = http.createServer((req, res) =>
    observeRequest(
      req,
      res,
      () => {
        const path = (req.url ?? "/").split("?")[0]!;
        if (path.startsWith("/api/webhooks/gateway/")) {
          res.writeHead(path.endsWith(WEBHOOK_SECRET) ? 200 : 404, { "Content-Type": "text/plain; charset=utf-8" });
          res.end(path.endsWith(WEBHOOK_SECRET) ? "OK" : "Not Found");
        } else if (path.startsWith("/api/transactions/")) {
          res.writeHead(404, { "Content-Type": "application/json" }); // a handler's own "no such payment"
          res.end('{"error":{"code":"not_found","message":"x"}}');
        } else if (path.startsWith("/api/")) {
          res.writeHead(200, { "Content-Type": "application/json" });
          res.end("{}");
        } else {
          res.writeHead(404, { "Content-Type": "text/html; charset=utf-8" }); // the not-found page
          res.end("<html></html>");
        }
        return true;
      },
      silent,
    ),
  );
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => app.close(() => resolve())));

const send = async (path: string, init?: RequestInit) => (await fetch(`${appUrl}${path}`, init)).text();

describe("HTTP requests", () => {
  it("a path with a UUID is counted and timed under its template, :id", async () => {
    const series = 'dashboard_http_requests_total{method="GET",route="/api/payments/:id",status_class="2xx"}';
    const before = sample(await exposition(), series);
    await send("/api/payments/3e3a9d71-bd8c-4b7d-8a3e-5d0f4c6b2a04?tab=timeline");
    await send("/api/payments/4f4bae82-ce9d-4c8e-9b4f-6e1a5d7c3b05");
    await expect.poll(async () => sample(await exposition(), series)).toBe(before + 2);
    const text = await exposition();
    expect(text).not.toContain("3e3a9d71");
    expect(text).toContain('dashboard_http_request_duration_seconds_count{method="GET",route="/api/payments/:id",status_class="2xx"}');
    expect(text).toContain(
      'dashboard_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/payments/:id",status_class="2xx"}',
    );
  });

  it("the receiver's secret never appears in any label after notification requests, accepted or refused", async () => {
    await send(`/api/webhooks/gateway/${WEBHOOK_SECRET}`, { method: "POST", body: "order_id=o-1" });
    await send(`/api/webhooks/gateway/${WEBHOOK_SECRET.slice(0, -1)}x`, { method: "POST", body: "order_id=o-1" });
    await expect
      .poll(async () =>
        sample(await exposition(), 'dashboard_http_requests_total{method="POST",route="/api/webhooks/gateway/:secret",status_class="4xx"}'),
      )
      .toBe(1);
    const text = await exposition();
    expect(sample(text, 'dashboard_http_requests_total{method="POST",route="/api/webhooks/gateway/:secret",status_class="2xx"}')).toBe(1);
    expect(text).not.toContain(WEBHOOK_SECRET);
    expect(text).not.toContain(WEBHOOK_SECRET.slice(0, 12));
  });

  it("paths nothing matched are one label; a handler's own 404 keeps its route", async () => {
    for (const p of ["/wp-login.php", "/.env", "/admin/config.bak"]) await send(p);
    await send("/api/transactions/5a5cbf93-df0e-4d9f-8c5a-7f2b6e8d4c06");
    await expect
      .poll(async () => sample(await exposition(), 'dashboard_http_requests_total{method="GET",route="unmatched",status_class="4xx"}'))
      .toBe(3);
    const text = await exposition();
    expect(text).not.toMatch(/wp-login|\.env|config\.bak/);
    expect(sample(text, 'dashboard_http_requests_total{method="GET",route="/api/transactions/:id",status_class="4xx"}')).toBe(1);
  });

  it(`at most ${MAX_ROUTE_LABELS} route labels per process: shapes past it count as "other"`, async () => {
    for (let i = 0; i < MAX_ROUTE_LABELS + 20; i++) {
      observeHttpRequest({
        method: "GET",
        path: `/api/word${"x".repeat(i % 9)}/w${String.fromCharCode(97 + (i % 26))}${Math.floor(i / 26)}a`,
        status: 200,
        finished: true,
        contentType: "application/json",
        seconds: 0.001,
      });
    }
    expect(metrics().routeLabels.size).toBeLessThanOrEqual(MAX_ROUTE_LABELS);
    expect(sample(await exposition(), 'dashboard_http_requests_total{method="GET",route="other",status_class="2xx"}')).toBeGreaterThan(0);
  });
});

describe("gateway calls", () => {
  let srv: CaptureServer;
  beforeAll(async () => {
    srv = await startCaptureServer();
  });
  afterAll(() => srv.close());

  const capture = { transId: "t1", amount: money(100, "SAR"), payerEmail: "a@b.co", card: { bin6: "411111", last4: "1111" } };

  it("counted and timed by operation and outcome, through the one transport", async () => {
    const client = createGatewayClient(testConfig(srv.url, { requestTimeoutMs: 300 }), { logger: silent, sleep: async () => {} });
    try {
      const before = await exposition();
      srv.handle(() => ({ body: { result: "SUCCESS", status: "SETTLED", trans_id: "t1" } }));
      expect((await client.capture(capture)).kind).toBe("success");
      srv.handle(() => ({ body: { result: "DECLINED", status: "DECLINED", decline_reason: "Do not honor", trans_id: "t1" } }));
      expect((await client.capture(capture)).kind).toBe("declined");
      srv.handle(() => "hang");
      expect(await client.capture(capture)).toMatchObject({ kind: "transport", reason: "timeout" });
      srv.handle(() => "reset");
      expect(await client.capture(capture)).toMatchObject({ kind: "transport", reason: "reset" });
      const after = await exposition();
      for (const outcome of ["success", "declined", "timeout", "network"]) {
        const series = `dashboard_gateway_calls_total{operation="capture",outcome="${outcome}"}`;
        expect(sample(after, series) - sample(before, series), outcome).toBe(1);
      }
      const timeouts = `dashboard_gateway_call_duration_seconds_sum{operation="capture",outcome="timeout"}`;
      expect(sample(after, timeouts) - sample(before, timeouts)).toBeGreaterThanOrEqual(0.25); // waited its 300 ms
    } finally {
      await client.close();
    }
  });

  it("every kind of typed result has its outcome label", () => {
    const transport = (reason: string) => ({ kind: "transport", reason, outcomeUnknown: false, message: "" }) as GatewayResult<unknown>;
    expect(gatewayOutcome({ kind: "gateway_error", httpStatus: 400, code: null, errorCode: null, message: "", fieldErrors: [] })).toBe(
      "error",
    );
    expect(["timeout", "deadline"].map((r) => gatewayOutcome(transport(r)))).toEqual(["timeout", "timeout"]);
    expect(["connect", "reset"].map((r) => gatewayOutcome(transport(r)))).toEqual(["network", "network"]);
    expect(["bad_body", "schema", "http_status", "redirect"].map((r) => gatewayOutcome(transport(r)))).toEqual(Array(4).fill("bad_answer"));
    expect(gatewayOutcome(transport("unconfirmed"))).toBe("unconfirmed");
  });
});

describe("background jobs", () => {
  it("each pass of a periodic job is counted by outcome and timed, and its last success is exported", async () => {
    let fail = false;
    const job = startPeriodic({
      name: "observe_test_job",
      intervalMs: 60_000,
      run: async () => {
        if (fail) throw new Error("boom");
        return 1;
      },
      log: silent,
    });
    try {
      await job.runNow();
      fail = true;
      await job.runNow();
    } finally {
      await job.stop();
    }
    const text = await exposition();
    expect(sample(text, 'dashboard_job_passes_total{job="observe_test_job",outcome="ok"}')).toBe(1);
    expect(sample(text, 'dashboard_job_passes_total{job="observe_test_job",outcome="failed"}')).toBe(1);
    expect(sample(text, 'dashboard_job_pass_duration_seconds_count{job="observe_test_job"}')).toBe(2);
    expect(sample(text, 'dashboard_job_last_success_timestamp_seconds{job="observe_test_job"}')).toBeCloseTo(Date.now() / 1000, -1);
  });

  it("a job registered with registerJobMetrics reports its last success when scraped; a failing probe is a scrape error", async () => {
    const endedAt = new Date("2026-11-30T03:00:00Z");
    registerJobMetrics({ job: "observe_probe", lastSuccessAt: async () => endedAt });
    const noDatabase = { database: () => Promise.reject(new Error("no database in this test")) as Promise<Db>, logger: silent };
    const text = (await scrape(noDatabase)).body;
    expect(sample(text, 'dashboard_job_last_success_timestamp_seconds{job="observe_probe"}')).toBe(endedAt.getTime() / 1000);
    registerJobMetrics({ job: "observe_probe_failing", lastSuccessAt: () => Promise.reject(new Error("state unreadable")) });
    expect(sample((await scrape(noDatabase)).body, "dashboard_scrape_error")).toBe(1);
    expect(() => registerJobMetrics({ job: 'bad"label', lastSuccessAt: () => null })).toThrow(/not a job name/);
  });
});
