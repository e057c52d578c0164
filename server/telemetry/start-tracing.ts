// Starts the OpenTelemetry SDK for traces (see tracing.ts for what they hold): a tracer provider registered as the
// process's global one (Next.js's spans and the app's go to it), batching spans to the OTLP/HTTP exporter, which
// reads OTEL_EXPORTER_OTLP_* itself. Loaded only when an endpoint is configured, from instrumentation.ts.
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { Resource } from "@opentelemetry/resources";
import type { ExportResult } from "@opentelemetry/core";
import { BatchSpanProcessor, type ReadableSpan, type SpanExporter } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { knownSecretValues } from "../log/logger";
import { redact } from "../log/redact";
import { TRACING_KEY, type TracingHolder } from "./tracing";

/**
 * A span as it leaves the process: its name, attributes and events scrubbed like a log line (known secret values,
 * card numbers, secret-named keys). Next.js's own spans carry the request's URL, and the receiver's path holds its
 * secret; nothing the app records carries one, but the rule is the log's: whatever path a secret takes, it stops here.
 */
export function scrubbedSpan(span: ReadableSpan, secretValues: readonly string[]): ReadableSpan {
  const opts = { secretValues, maxStringLength: 2_000 };
  const replaced: Partial<Record<keyof ReadableSpan, unknown>> = {
    name: redact(span.name, opts),
    attributes: redact(span.attributes, opts),
    events: span.events.map((e) => ({
      ...e,
      name: redact(e.name, opts) as string,
      attributes: redact(e.attributes, opts) as typeof e.attributes,
    })),
  };
  return new Proxy(span, {
    get(target, prop) {
      if (prop in replaced) return replaced[prop as keyof ReadableSpan];
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

class ScrubbingExporter implements SpanExporter {
  constructor(private readonly inner: SpanExporter) {}
  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    const secrets = knownSecretValues();
    this.inner.export(
      spans.map((s) => scrubbedSpan(s, secrets)),
      done,
    );
  }
  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }
  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}

export function startTracing(service: { name: string; version: string; build: string }): void {
  const holder = globalThis as TracingHolder;
  if (holder[TRACING_KEY]) return;
  const provider = new NodeTracerProvider({
    resource: new Resource({
      "service.name": service.name,
      "service.version": service.version,
      "service.instance.id": `${process.pid}`,
      "deployment.build": service.build,
    }),
    spanProcessors: [new BatchSpanProcessor(new ScrubbingExporter(new OTLPTraceExporter()))],
  });
  provider.register();
  holder[TRACING_KEY] = provider;
}
