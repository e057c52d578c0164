// The one low-level send of every gateway call (DESIGN rule 6): builds the URL, signs (the operation's body builder
// runs here with the credentials), sets the content type and the X-API-KEY header, applies connect / headers /
// body timeouts over a keep-alive undici Pool per origin, never follows redirects, retries reads only, turns every
// failure into a typed GatewayResult, and logs and records each call with secrets, card numbers and CVVs redacted.
// Each call's latency and outcome also go to the metrics here, the one place every call passes (by operation name).
import { performance } from "node:perf_hooks";
import { FormData, Pool } from "undici";
import type { z } from "zod";
import { logger as defaultLogger, type Logger } from "../log/logger";
import { redact, REDACTED } from "../log/redact";
import { observeGatewayCall } from "../metrics/observe";
import { startGatewaySpan } from "../telemetry/tracing";
import type { GatewayConfig } from "./config";
import { CONTRACT_PROFILE, type GatewayProfile } from "./profile";
import type { GatewayCallRecorder, GatewayResult } from "./result";
import { DEFAULT_GATEWAY_DEADLINE_MS, GatewayDeadlinePassed, gatewayDeadlineAt } from "./deadline";
import { classifyError, ResponseTooLarge } from "./network-errors";
import { interpretResponse, type Interpretation } from "./unwrap";

/**
 * read: changes nothing, retried on transport failures and 5xx (full jitter, at most maxReadAttempts).
 * money: moves money, sent exactly once; a failure after sending leaves the outcome unknown.
 * write: administration writes (role, user, partner), sent exactly once like money calls.
 */
export type CallPolicy = "read" | "money" | "write";

export interface Credentials {
  clientKey: string;
  merchantSecret: string;
  apiKey: string;
  partialRefundMerchantField: string;
  /** The gateway profile the body builders sign and shape with (#16). */
  profile: GatewayProfile;
}

export type WireBody =
  | { type: "multipart"; fields: Record<string, string> }
  | { type: "urlencoded"; fields: Record<string, string> }
  | { type: "json"; value: unknown };

export type QueryValue = string | number | boolean | undefined;

export interface CallSpec<T> {
  operation: string;
  policy: CallPolicy;
  /** `form`: config.baseUrl (`/payment/...`); `api`: config.apiUrl (`/api/...`, sends X-API-KEY). */
  host: "form" | "api";
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Path below the host's base path, already percent-encoded where it holds ids. */
  path: string;
  /** The path is absolute on the host's origin (a gateway-supplied URL), not below the base path. */
  absolutePath?: boolean;
  /**
   * Another origin of the form host's gateway to send to (with an absolute path): one of config.collectorOrigins,
   * never any other (a programming error, thrown before anything is sent).
   */
  origin?: string;
  query?: (c: Credentials) => Record<string, QueryValue>;
  /** Builds (and signs) the body; runs inside send, the only place that sees the credentials. */
  body?: (c: Credentials) => WireBody;
  response: z.ZodType<T>;
  expect?: "json" | "html";
  /** `result: DECLINED` is a decline of this operation. */
  declines?: boolean;
  orderId?: string | null;
  transactionId?: string | null;
  /** The transaction id the gateway assigned, from a successful answer (for the call record). */
  transactionIdOf?: (data: T) => string | null | undefined;
  /** Money-moving calls: which answers confirm the operation (confirmations.ts); any other is outcome unknown. */
  confirm?: (data: T) => string | null;
}

export interface TransportDeps {
  recorder?: GatewayCallRecorder;
  logger?: Logger;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** The wall clock of the overall deadline (epoch ms); Date.now by default. */
  now?: () => number;
}

export interface Transport {
  send<T>(spec: CallSpec<T>): Promise<GatewayResult<T>>;
  close(): Promise<void>;
}

export const MAX_READ_ATTEMPTS = 3;
export const BACKOFF_BASE_MS = 100;
export const BACKOFF_CAP_MS = 2000;
/** Answers larger than this are refused as a bad body (a gateway answer is a few KB; an HTML page maybe 100 KB). */
export const MAX_RESPONSE_BYTES = 5 * 1024 * 1024;
const RECORD_MAX_CHARS = 16_000;

/** Full jitter: a uniform delay in [0, min(cap, base · 2^(attempt−1))). */
export function backoffDelay(attempt: number, random: () => number): number {
  return Math.floor(random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1)));
}

function originAndPrefix(url: string): { origin: string; prefix: string } {
  const u = new URL(url);
  return { origin: u.origin, prefix: u.pathname.replace(/\/+$/, "") };
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function truncateForRecord(value: unknown): unknown {
  const text = JSON.stringify(value) ?? "";
  return text.length > RECORD_MAX_CHARS ? { truncated: true, excerpt: text.slice(0, RECORD_MAX_CHARS) } : value;
}

function idFromPayload(data: unknown): string | null {
  if (typeof data !== "object" || data === null) return null;
  const o = data as Record<string, unknown>;
  const id = o.trans_id ?? o.transaction_id ?? o.payment_id ?? o.paymentId;
  return typeof id === "string" ? id : null;
}

export function createTransport(config: GatewayConfig, deps: TransportDeps = {}): Transport {
  const log = deps.logger ?? defaultLogger;
  const random = deps.random ?? Math.random;
  const sleep = deps.sleep ?? defaultSleep;
  const now = deps.now ?? Date.now;
  const deadlineMs = config.deadlineMs ?? DEFAULT_GATEWAY_DEADLINE_MS;
  const maxReadAttempts = Math.min(MAX_READ_ATTEMPTS, Math.max(1, config.maxReadAttempts ?? MAX_READ_ATTEMPTS));
  const profile = config.profile ?? { ...CONTRACT_PROFILE, partialRefundMerchantField: config.partialRefundMerchantField };
  const credentials: Credentials = {
    clientKey: config.clientKey,
    merchantSecret: config.merchantSecret,
    apiKey: config.apiKey,
    partialRefundMerchantField: profile.partialRefundMerchantField,
    profile,
  };
  const secretValues = [config.apiKey, config.merchantSecret].filter((s) => s.length >= 4);
  const hosts = { form: originAndPrefix(config.baseUrl), api: originAndPrefix(config.apiUrl) };
  const pools = new Map<string, Pool>();
  let closed = false;
  const collectorOrigins = new Set(config.collectorOrigins ?? []);
  const otherOrigin = (origin: string): { origin: string; prefix: string } => {
    if (!collectorOrigins.has(origin)) throw new Error(`gateway origin ${origin} is not configured`);
    return { origin, prefix: "" };
  };

  const poolFor = (origin: string): Pool => {
    let pool = pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, {
        connections: 32,
        keepAliveTimeout: 30_000,
        keepAliveMaxTimeout: 60_000,
        connect: { timeout: config.connectTimeoutMs },
        headersTimeout: config.requestTimeoutMs,
        bodyTimeout: config.requestTimeoutMs,
      });
      pools.set(origin, pool);
    }
    return pool;
  };

  async function readBody(body: AsyncIterable<Buffer> & { destroy?: (err?: Error) => unknown }): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      size += chunk.length;
      if (size > MAX_RESPONSE_BYTES) {
        body.destroy?.();
        throw new ResponseTooLarge(`response body larger than ${MAX_RESPONSE_BYTES} bytes`);
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString("utf8");
  }

  async function send<T>(spec: CallSpec<T>): Promise<GatewayResult<T>> {
    if (closed) throw new Error("gateway client used after close()"); // a programming error
    const startedAt = new Date();
    const t0 = performance.now();
    const changesState = spec.policy !== "read";
    const host = spec.origin && spec.origin !== hosts[spec.host].origin ? otherOrigin(spec.origin) : hosts[spec.host];
    const span = startGatewaySpan(spec.operation, new URL(host.origin).host);
    const query = spec.query?.(credentials);
    const qs = query
      ? new URLSearchParams(
          Object.entries(query)
            .filter((e): e is [string, string | number | boolean] => e[1] !== undefined)
            .map(([k, v]) => [k, String(v)]),
        ).toString()
      : "";
    const path = `${spec.absolutePath ? "" : host.prefix}${spec.path}${qs ? `?${qs}` : ""}`;
    const wire = spec.body?.(credentials);
    const headers: Record<string, string> = {
      accept: spec.expect === "html" ? "text/html, application/json;q=0.9" : "application/json",
    };
    if (spec.host === "api") headers["x-api-key"] = credentials.apiKey;
    let contentType: string | null = null;
    const encodeBody = (): string | FormData | undefined => {
      if (!wire) return undefined;
      if (wire.type === "json") return JSON.stringify(wire.value);
      if (wire.type === "urlencoded") return new URLSearchParams(wire.fields).toString();
      const form = new FormData(); // undici sets multipart/form-data with its boundary
      for (const [k, v] of Object.entries(wire.fields)) form.append(k, v);
      return form;
    };
    if (wire?.type === "json") contentType = "application/json";
    if (wire?.type === "urlencoded") contentType = "application/x-www-form-urlencoded";
    if (wire?.type === "multipart") contentType = "multipart/form-data";
    if (contentType && wire?.type !== "multipart") headers["content-type"] = contentType;

    const deadlineAt = gatewayDeadlineAt(deadlineMs, now());
    const pastDeadline = (sent: boolean): Interpretation<T> => ({
      result: {
        kind: "transport",
        reason: "deadline",
        // Cut off in flight, a state-changing call may have arrived; one never sent changed nothing.
        outcomeUnknown: sent && changesState,
        message: `${new GatewayDeadlinePassed(deadlineMs).message}${sent ? " while waiting for the answer" : " before this call was sent"}`,
      },
      body: null,
      gatewayCode: null,
    });

    const attemptOnce = async (remainingMs: number): Promise<Interpretation<T>> => {
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(new GatewayDeadlinePassed(deadlineMs)), remainingMs);
      timer.unref?.();
      try {
        const res = await poolFor(host.origin).request({ method: spec.method, path, headers, body: encodeBody(), signal: abort.signal });
        const text = await readBody(res.body);
        const ct = res.headers["content-type"];
        const loc = res.headers.location;
        return interpretResponse(
          {
            httpStatus: res.statusCode,
            contentType: (Array.isArray(ct) ? ct[0] : ct) ?? "",
            location: (Array.isArray(loc) ? loc[0] : loc) ?? null,
            text,
          },
          { schema: spec.response, expect: spec.expect ?? "json", declines: spec.declines ?? false, changesState, confirm: spec.confirm },
        );
      } catch (err) {
        if (abort.signal.aborted) return pastDeadline(true);
        return { result: classifyError(err, changesState), body: null, gatewayCode: null };
      } finally {
        clearTimeout(timer);
      }
    };

    const maxAttempts = spec.policy === "read" ? maxReadAttempts : 1;
    let attempts = 0;
    let outcome: Interpretation<T> = pastDeadline(false);
    for (;;) {
      const remainingMs = deadlineAt - now();
      if (remainingMs <= 0) break; // nothing more is sent: the last attempt's outcome stands (or "not sent")
      attempts += 1;
      outcome = await attemptOnce(remainingMs);
      const r = outcome.result;
      if (r.kind !== "transport" || r.reason === "redirect" || r.reason === "deadline" || attempts >= maxAttempts) break;
      const delayMs = backoffDelay(attempts, random);
      if (now() + delayMs >= deadlineAt) break; // a retry could not start before the deadline
      log.warn("gateway.retry", { operation: spec.operation, attempt: attempts, reason: r.reason, message: r.message, delayMs });
      await sleep(delayMs);
    }

    const result = outcome.result;
    const elapsedMs = performance.now() - t0;
    const latencyMs = Math.round(elapsedMs * 100) / 100;
    observeGatewayCall(spec.operation, result, elapsedMs / 1000);
    span.end(
      {
        "gateway.outcome": result.kind,
        "gateway.attempts": attempts,
        ...("httpStatus" in result && typeof result.httpStatus === "number" ? { "http.response.status_code": result.httpStatus } : {}),
        ...(result.kind === "transport"
          ? { "gateway.transport_reason": result.reason, "gateway.outcome_unknown": result.outcomeUnknown }
          : {}),
      },
      result.kind === "success" || result.kind === "declined",
    );
    const transactionId =
      spec.transactionId ??
      (result.kind === "success" ? (spec.transactionIdOf?.(result.data) ?? idFromPayload(result.data)) : null) ??
      (result.kind === "declined" ? idFromPayload(result.data) : null);
    const redactOpts = { secretValues, maxStringLength: 4000 };
    const requestRecord = redact(
      {
        method: spec.method,
        url: `${host.origin}${path}`,
        contentType,
        headers: spec.host === "api" ? { "x-api-key": REDACTED } : undefined,
        body: wire ? (wire.type === "json" ? wire.value : wire.fields) : undefined,
      },
      redactOpts,
    );
    const responseRecord = truncateForRecord(redact(outcome.body, redactOpts));
    const httpStatus = "httpStatus" in result && typeof result.httpStatus === "number" ? result.httpStatus : null;
    const record = {
      operation: spec.operation,
      orderId: spec.orderId ?? null,
      transactionId: transactionId ?? null,
      outcome: result.kind,
      gatewayCode: outcome.gatewayCode,
      httpStatus,
      latencyMs,
      attempts,
      request: requestRecord,
      response: responseRecord,
      startedAt,
    };

    // A call that went as the protocol says is one summary line: its bodies (payer names, e-mails, addresses) are
    // in the gateway-call record, not in the logs. A failed call logs them (redacted) for whoever is on call.
    const ok = result.kind === "success" || result.kind === "declined";
    const { request: _request, response: _response, ...summary } = record;
    log[ok ? "info" : "warn"]("gateway.call", {
      ...(ok ? summary : record),
      startedAt: startedAt.toISOString(),
      ...(result.kind === "transport" ? { reason: result.reason, outcomeUnknown: result.outcomeUnknown } : {}),
      ...(result.kind === "transport" || result.kind === "gateway_error" ? { message: redact(result.message, redactOpts) } : {}),
    });

    if (deps.recorder) {
      try {
        await deps.recorder.record(record);
      } catch (err) {
        log.error("gateway.record_failed", { operation: spec.operation, error: redact(err, redactOpts) });
      }
    }
    return result;
  }

  return {
    send,
    async close() {
      closed = true;
      const all = [...pools.values()];
      pools.clear();
      await Promise.allSettled(all.map((p) => p.close()));
    },
  };
}
