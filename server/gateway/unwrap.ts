// The ONE place where a gateway response becomes a GatewayResult. The gateway answers in three shapes (contract
// 2.1): the JSON envelope {code, message, errorCode, data}, the form-interface wrapper {statusCode, responseBody},
// and flat objects (with the protocol family's error shape {result: "ERROR", error_code, error_message, errors}).
// They are peeled here, in any nesting, and classified into success / declined / gateway_error / transport.
import type { z } from "zod";
import type { FieldError, GatewayResult } from "./result";

export interface RawResponse {
  httpStatus: number;
  contentType: string;
  location: string | null;
  text: string;
}

export interface InterpretOptions<T> {
  schema: z.ZodType<T>;
  /** `html`: a 2xx text/html answer is the success data `{ html, contentType }` (the collector). */
  expect: "json" | "html";
  /** Whether a `result: DECLINED` payload is a decline of this operation (money-moving calls). */
  declines: boolean;
  /** Whether a failure after the request was sent leaves the outcome unknown (calls that change state). */
  changesState: boolean;
  /**
   * For money-moving calls: null when the answer confirms the operation, else why not (confirmations.ts). An answer
   * that confirms nothing is an outcome-unknown transport failure (`unconfirmed`), never a success.
   */
  confirm?: (data: T) => string | null;
}

export interface Interpretation<T> {
  result: GatewayResult<T>;
  /** The parsed body (or a text excerpt) for the call record; redacted by the caller. */
  body: unknown;
  /** The gateway's own code for the record: error code, or the result/status word. */
  gatewayCode: string | null;
}

type Layer =
  | { kind: "payload"; payload: unknown }
  | { kind: "error"; code: string | null; errorCode: string | null; message: string; fieldErrors: FieldError[] }
  | { kind: "server_error"; code: number; message: string };

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : null);
const numeric = (v: unknown): number | null => {
  const n = typeof v === "number" ? v : typeof v === "string" && /^\d{3}$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) ? n : null;
};
const is2xx = (n: number) => n >= 200 && n < 300;

const isEnvelope = (o: Record<string, unknown>) => numeric(o.code) !== null && ("data" in o || "errorCode" in o) && "message" in o;
const isWrapper = (o: Record<string, unknown>) => numeric(o.statusCode) !== null && "responseBody" in o;
const isFamilyError = (o: Record<string, unknown>) => typeof o.result === "string" && o.result.toUpperCase() === "ERROR";

function fieldErrorsOf(v: unknown): FieldError[] {
  if (!Array.isArray(v)) return [];
  return v.filter(isObj).map((e) => ({
    code: str(e.error_code) ?? str(e.errorCode) ?? str(e.code) ?? str(e.field) ?? "",
    message: str(e.error_message) ?? str(e.errorMessage) ?? str(e.message) ?? "",
  }));
}

function messageOf(o: Record<string, unknown>): string | null {
  return str(o.message) ?? str(o.error_message) ?? str(o.errorMessage) ?? str(o.error);
}

/** Peel envelopes and wrappers (in any nesting, a few levels deep) down to the payload or an error. */
export function unwrapShapes(body: unknown): Layer {
  let current = body;
  for (let depth = 0; depth < 4; depth++) {
    if (!isObj(current)) return { kind: "payload", payload: current };
    if (isFamilyError(current)) {
      return {
        kind: "error",
        code: str(current.result),
        errorCode: str(current.error_code) ?? str(current.errorCode),
        message: messageOf(current) ?? "",
        fieldErrors: fieldErrorsOf(current.errors),
      };
    }
    if (isEnvelope(current)) {
      const code = numeric(current.code)!;
      if (code >= 500) return { kind: "server_error", code, message: messageOf(current) ?? "" };
      if (!is2xx(code)) {
        return {
          kind: "error",
          code: String(current.code),
          errorCode: str(current.errorCode),
          message: messageOf(current) ?? "",
          fieldErrors: fieldErrorsOf(current.errors ?? (isObj(current.data) ? current.data.errors : undefined)),
        };
      }
      current = current.data;
      continue;
    }
    if (isWrapper(current)) {
      const code = numeric(current.statusCode)!;
      const rb = current.responseBody;
      const message = typeof rb === "string" ? rb : isObj(rb) ? messageOf(rb) : null;
      if (code >= 500) return { kind: "server_error", code, message: message ?? "" };
      if (!is2xx(code)) {
        return {
          kind: "error",
          code: String(current.statusCode),
          errorCode: isObj(rb) ? (str(rb.error_code) ?? str(rb.errorCode)) : null,
          message: message ?? "",
          fieldErrors: isObj(rb) ? fieldErrorsOf(rb.errors) : [],
        };
      }
      current = rb;
      continue;
    }
    return { kind: "payload", payload: current };
  }
  return { kind: "payload", payload: current };
}

/** `result: DECLINED` (any case: the S2S sale says `Declined`), or a bare `status: DECLINED` without a result. */
function declineReasonOf(payload: unknown): string | null {
  if (!isObj(payload)) return null;
  const result = str(payload.result)?.toUpperCase();
  const status = str(payload.status)?.toUpperCase();
  if (result !== "DECLINED" && !(result === undefined && status === "DECLINED")) return null;
  return (
    str(payload.decline_reason) ??
    str(payload.declineReason) ??
    str(payload.reason) ??
    str(payload.message) ??
    str(payload.error_message) ??
    "DECLINED"
  );
}

/** The title (or first heading) of an HTML error page, as its message. */
function htmlTitle(raw: RawResponse): string | null {
  if (!/\btext\/html\b/i.test(raw.contentType)) return null;
  const m = /<title[^>]*>([^<]*)<\/title>/i.exec(raw.text) ?? /<h1[^>]*>([^<]*)<\/h1>/i.exec(raw.text);
  const text = m?.[1]?.replace(/\s+/g, " ").trim();
  return text ? text : null;
}

const excerpt = (text: string, n = 300) => (text.length > n ? `${text.slice(0, n)}…` : text);

function schemaMessage(error: z.ZodError): string {
  const parts = error.issues.slice(0, 5).map((i) => `${i.path.map(String).join(".") || "(root)"}: ${i.message}`);
  return `response did not match the expected shape: ${parts.join("; ")}`;
}

export function interpretResponse<T>(raw: RawResponse, opts: InterpretOptions<T>): Interpretation<T> {
  const { httpStatus } = raw;
  const unknownOutcome = opts.changesState;

  if (httpStatus >= 300 && httpStatus < 400) {
    return {
      result: {
        kind: "transport",
        reason: "redirect",
        outcomeUnknown: unknownOutcome,
        message: `redirect (HTTP ${httpStatus}) not followed${raw.location ? ` (to ${raw.location})` : ""}`,
        httpStatus,
      },
      body: excerpt(raw.text),
      gatewayCode: null,
    };
  }
  if (httpStatus >= 500 || httpStatus < 200) {
    return {
      result: { kind: "transport", reason: "http_status", outcomeUnknown: unknownOutcome, message: `HTTP ${httpStatus}`, httpStatus },
      body: excerpt(raw.text),
      gatewayCode: null,
    };
  }

  if (opts.expect === "html" && is2xx(httpStatus) && /\btext\/html\b/i.test(raw.contentType)) {
    const parsed = opts.schema.safeParse({ html: raw.text, contentType: raw.contentType });
    if (parsed.success) {
      return { result: { kind: "success", data: parsed.data, httpStatus }, body: { html: raw.text }, gatewayCode: null };
    }
  }

  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.text);
  } catch {
    if (!is2xx(httpStatus)) {
      // A 4xx with a non-JSON body (a proxy's error page, plain text): the gateway refused the request.
      return {
        result: {
          kind: "gateway_error",
          httpStatus,
          code: String(httpStatus),
          errorCode: null,
          message: htmlTitle(raw) ?? (excerpt(raw.text.trim()) || `HTTP ${httpStatus}`),
          fieldErrors: [],
        },
        body: excerpt(raw.text),
        gatewayCode: String(httpStatus),
      };
    }
    return {
      result: {
        kind: "transport",
        reason: "bad_body",
        outcomeUnknown: unknownOutcome,
        message: `unparsable response body (${raw.contentType || "no content type"}, ${raw.text.length} chars)`,
        httpStatus,
      },
      body: excerpt(raw.text),
      gatewayCode: null,
    };
  }

  const layer = unwrapShapes(parsed);
  if (layer.kind === "error") {
    const { kind: _kind, ...rest } = layer;
    return { result: { kind: "gateway_error", httpStatus, ...rest }, body: parsed, gatewayCode: layer.errorCode ?? layer.code };
  }
  if (layer.kind === "server_error") {
    return {
      result: {
        kind: "transport",
        reason: "http_status",
        outcomeUnknown: unknownOutcome,
        message: `gateway reported ${layer.code}${layer.message ? `: ${layer.message}` : ""}`,
        httpStatus: layer.code,
      },
      body: parsed,
      gatewayCode: String(layer.code),
    };
  }

  const payload = layer.payload;
  if (opts.declines) {
    const declineReason = declineReasonOf(payload);
    if (declineReason !== null) {
      return {
        result: { kind: "declined", declineReason, data: payload as Record<string, unknown>, httpStatus },
        body: parsed,
        gatewayCode: str((payload as Record<string, unknown>).result),
      };
    }
  }
  if (!is2xx(httpStatus)) {
    const o = isObj(payload) ? payload : {};
    return {
      result: {
        kind: "gateway_error",
        httpStatus,
        code: String(httpStatus),
        errorCode: str(o.error_code) ?? str(o.errorCode),
        message: messageOf(o) ?? `HTTP ${httpStatus}`,
        fieldErrors: fieldErrorsOf(o.errors),
      },
      body: parsed,
      gatewayCode: String(httpStatus),
    };
  }

  const checked = opts.schema.safeParse(payload);
  if (!checked.success) {
    return {
      result: {
        kind: "transport",
        reason: "schema",
        outcomeUnknown: unknownOutcome,
        message: schemaMessage(checked.error),
        httpStatus,
      },
      body: parsed,
      gatewayCode: null,
    };
  }
  const o = isObj(payload) ? payload : {};
  const unconfirmed = opts.confirm?.(checked.data) ?? null;
  if (unconfirmed !== null) {
    return {
      result: { kind: "transport", reason: "unconfirmed", outcomeUnknown: unknownOutcome, message: unconfirmed, httpStatus, answer: o },
      body: parsed,
      gatewayCode: str(o.result) ?? str(o.status),
    };
  }
  return {
    result: { kind: "success", data: checked.data, httpStatus },
    body: parsed,
    gatewayCode: str(o.result) ?? str(o.status),
  };
}
