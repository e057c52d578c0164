// Rule guarded (PCI DSS 3.4, and the receiver's path secret): a span leaves the process scrubbed like a log line.
// Next.js's own request spans carry the URL, and the notification receiver's path holds its secret; a card number
// in any attribute or event is masked, and a secret-named key's value replaced.
import { trace } from "@opentelemetry/api";
import { InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { describe, expect, it } from "vitest";
import { scrubbedSpan } from "./start-tracing";

describe("spans as they leave the process", () => {
  it("carry no known secret, no card number and no secret-named value; the rest is as it was", () => {
    const exporter = new InMemorySpanExporter();
    const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const secret = "hook-secret-0123456789abcdef";
    const span = provider.getTracer("t").startSpan(`POST /api/webhooks/gateway/${secret}`, {
      attributes: {
        "http.target": `/api/webhooks/gateway/${secret}?a=1`,
        "http.method": "POST",
        note: "card 4111111111111111",
        password: "hunter22",
      },
    });
    span.addEvent("db.statement", { "db.query.text": `select 1 -- ${secret}` });
    span.end();
    const [raw] = exporter.getFinishedSpans();
    const out = scrubbedSpan(raw!, [secret]);
    const text = JSON.stringify({ n: out.name, a: out.attributes, e: out.events });
    expect(text).not.toContain(secret);
    expect(text).not.toContain("4111111111111111");
    expect(text).not.toContain("hunter22");
    expect(out.attributes["http.method"]).toBe("POST");
    expect(out.spanContext().traceId).toBe(raw!.spanContext().traceId); // the span's identity is untouched
    expect(out.startTime).toEqual(raw!.startTime);
    void provider.shutdown();
    trace.disable();
  });
});
