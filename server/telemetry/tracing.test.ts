// Rules guarded (operations, and PCI DSS 3.4 / 10: telemetry is a copy of what it observes): with tracing on, a
// database transaction is a span of its own inside the request's span, each statement an event on the span it ran
// in, and a gateway call a span with its operation and outcome; none of them carries a statement's parameters (an
// e-mail, a name), a gateway key or the merchant secret. With no tracer provider (tracing off) the same code runs
// as before. An in-memory exporter stands in for the OTLP one; the real export is checked on the packaged app
// (scripts/check-operations.ts).
import { context, trace } from "@opentelemetry/api";
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "../../sandbox/server";
import { SANDBOX_DEFAULTS } from "../gateway/sandbox-defaults";
import { insertPayment, findPayment } from "../ledger/payments";
import type { ServiceDeps } from "../services/deps";
import { testDatabaseTargets, type TestDatabase } from "../../tests/support/db.support";
import { startTestSandbox, testDeps } from "../../tests/support/services.support";
import { tracer } from "./tracing";

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const PAYER = "traced.payer@example.com";

/** Everything a span carries that an exporter would send: attributes, events and their attributes, status. */
const exported = (s: ReadableSpan) => JSON.stringify({ a: s.attributes, e: s.events, st: s.status, n: s.name });

describe.each(testDatabaseTargets())("traces on $name", (target) => {
  let database: TestDatabase;
  let sandbox: RunningSandbox;
  let deps: ServiceDeps;

  beforeAll(async () => {
    provider.register(); // the global provider, and its async-context manager, as start-tracing.ts does
    database = await target.open();
    sandbox = await startTestSandbox();
    deps = testDeps(database, sandbox.url);
  }, 60_000);
  afterAll(async () => {
    await deps?.gateway.close();
    await sandbox?.close();
    await database?.dispose();
    trace.disable();
    context.disable();
  });

  it("a transaction is a span inside the request's, its statements are events, and no parameter is in either", async () => {
    exporter.reset();
    const id = await tracer().startActiveSpan("request", async (request) => {
      const p = await database.db.transaction((tx) =>
        insertPayment(tx, {
          orderId: `trace-${Date.now()}`,
          kind: "sale",
          status: "pending",
          currency: "SAR",
          amountMinor: 1_234,
          payerEmail: PAYER,
          payerName: "Nadia Traced",
        }),
      );
      await findPayment(database.db, p.id); // outside the transaction: an event on the request's span
      request.end();
      return p.id;
    });
    expect(id).toBeTruthy();
    const spans = exporter.getFinishedSpans();
    const request = spans.find((s) => s.name === "request")!;
    const tx = spans.find((s) => s.name === "db.transaction")!;
    expect(tx.parentSpanId).toBe(request.spanContext().spanId);
    expect(tx.events.map((e) => String(e.attributes?.["db.query.text"]))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^insert into "payments"/)]),
    );
    expect(request.events.some((e) => /^select .* from "payments"/.test(String(e.attributes?.["db.query.text"])))).toBe(true);
    for (const s of spans) {
      expect(exported(s)).not.toContain(PAYER);
      expect(exported(s)).not.toContain("Nadia Traced");
    }
  });

  it("a gateway call is a span with its operation and outcome, and no key or secret", async () => {
    exporter.reset();
    const result = await deps.gateway.searchBranches();
    expect(result.kind).toBe("success");
    const span = exporter.getFinishedSpans().find((s) => s.name.startsWith("gateway "))!;
    expect(span.attributes).toMatchObject({ "gateway.outcome": "success", "gateway.attempts": 1, "http.response.status_code": 200 });
    expect(String(span.attributes["server.address"])).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(exported(span)).not.toContain(SANDBOX_DEFAULTS.apiKey);
    expect(exported(span)).not.toContain(SANDBOX_DEFAULTS.merchantSecret);
  });
});
