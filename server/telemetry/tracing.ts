// OpenTelemetry traces, exported by OTLP over HTTP when OTEL_EXPORTER_OTLP_ENDPOINT (or
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set, and nothing at all otherwise (the API's no-op tracer: no SDK loaded).
// What a trace holds:
//   - Next.js's own spans for every request, route handler and render (Next instruments itself once a tracer
//     provider is registered);
//   - a span per database transaction, and every statement as an event on the span it ran in (the SQL text only,
//     never its parameters: they hold e-mails, names and masked cards);
//   - a span per gateway call (operation, outcome, attempts, HTTP status; never a body, a hash or a key).
// The exporter reads the standard OTEL_EXPORTER_OTLP_* variables itself (headers, timeout, compression).
// No `import "server-only"`: its test drives it with an in-memory exporter.
import { SpanKind, SpanStatusCode, trace, type Attributes, type Span, type Tracer } from "@opentelemetry/api";

export const TRACER_NAME = "merchant-dashboard";

/** Where start-tracing.ts keeps the process's provider (one per process, dev reloads included). */
export const TRACING_KEY = Symbol.for("merchant-dashboard.tracing");
export type TracingHolder = { [TRACING_KEY]?: { shutdown(): Promise<void> } };

/** Sends what is still batched and stops (a graceful stop's last step); nothing when tracing never started. */
export async function stopTracing(): Promise<void> {
  const holder = globalThis as TracingHolder;
  const provider = holder[TRACING_KEY];
  delete holder[TRACING_KEY];
  await provider?.shutdown();
}

export function tracer(): Tracer {
  return trace.getTracer(TRACER_NAME);
}

/** One SQL statement, as an event on the span it ran in (a request's, a transaction's, a worker's); its text only. */
export function recordStatement(sql: string): void {
  const span = trace.getActiveSpan();
  if (!span?.isRecording()) return;
  span.addEvent("db.statement", { "db.query.text": sql.length > 2_000 ? `${sql.slice(0, 2_000)}…` : sql });
}

/** Runs a database transaction inside a span of its own (its statements become its events). */
export function inTransactionSpan<T>(system: "postgresql" | "pglite", fn: () => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(
    "db.transaction",
    { kind: SpanKind.CLIENT, attributes: { "db.system.name": system === "pglite" ? "postgresql" : system, "db.driver": system } },
    async (span) => {
      try {
        return await fn();
      } catch (error) {
        failed(span, error);
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** A gateway call's span, started when the call starts; `end` is given what the call came to. */
export function startGatewaySpan(operation: string, host: string): { end(attributes: Attributes, ok: boolean): void } {
  const span = tracer().startSpan(`gateway ${operation}`, {
    kind: SpanKind.CLIENT,
    attributes: { "gateway.operation": operation, "server.address": host },
  });
  return {
    end(attributes, ok) {
      span.setAttributes(attributes);
      if (!ok) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
  };
}

function failed(span: Span, error: unknown): void {
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : "error" });
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string") span.setAttribute("db.response.status_code", code);
}
