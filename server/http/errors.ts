// The error code → HTTP status map and the one JSON error shape `{ "error": { "code", "message", "fields"?, "id"? } }`
// of the dashboard's API (the error type itself is server/errors.ts). Internal messages never reach the user: an
// unknown error becomes a generic 500 whose id is logged with the details.
import { randomUUID } from "node:crypto";
import { currentRequestId } from "../log/request-context";
import { translateKeyed } from "@/lib/i18n/keyed-message";
import { formatLocaleOf } from "@/lib/i18n/languages";
import type { Principal } from "../auth/principal";
import { AppError, englishErrorTranslators, errorText, type ErrorCode, type ErrorMessage, type ErrorTranslators } from "../errors";
import { translatorFor, uiPrefsOfRequest } from "../i18n/translator";
import { logger } from "../log/logger";

/** The HTTP status of each error code. */
export const ERROR_STATUS = {
  unauthenticated: 401,
  second_factor_required: 401,
  password_change_required: 401,
  step_up_required: 403,
  confirmation_required: 428,
  forbidden: 403,
  origin_rejected: 403,
  not_found: 404,
  invalid_request: 400,
  conflict: 409,
  in_flight: 409,
  unprocessable: 422,
  rate_limited: 429,
  gateway_error: 502,
  gateway_unavailable: 503,
  database_unavailable: 503,
  outcome_unknown: 504,
  internal: 500,
} as const satisfies Record<ErrorCode, number>;

export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string[]>; id?: string; confirm?: string };
}

/** Who is asking: the request (its cookie and Accept-Language) and, once known, the signed-in principal. */
export interface ErrorReader {
  req?: Request;
  principal?: Principal | null;
}

/** The translators of the reader's language (English without a request: scripts, tests). */
export function errorTranslatorsFor(reader: ErrorReader = {}): ErrorTranslators {
  if (!reader.req) return englishErrorTranslators();
  const prefs = uiPrefsOfRequest(reader.req, reader.principal);
  return {
    locale: formatLocaleOf(prefs),
    errors: translatorFor(prefs, "errors") as unknown as ErrorTranslators["errors"],
    validation: translatorFor(prefs, "validation") as never,
  };
}

/** An error answer in the reader's language; field messages (validation keys) translated too. */
export function errorAnswer(
  reader: ErrorReader,
  code: ErrorCode,
  message: ErrorMessage,
  extra: Partial<ErrorBody["error"]> = {},
  headers?: HeadersInit,
): Response {
  const tr = errorTranslatorsFor(reader);
  const fields = extra.fields
    ? Object.fromEntries(Object.entries(extra.fields).map(([k, list]) => [k, list.map((m) => translateKeyed(tr.validation, m))]))
    : undefined;
  return errorJson(code, errorText(message, tr), fields ? { ...extra, fields } : extra, headers);
}

/** The one error shape with a message already in words (errorAnswer translates a key). */
export function errorJson(code: ErrorCode, message: string, extra: Partial<ErrorBody["error"]> = {}, headers?: HeadersInit): Response {
  const body: ErrorBody = { error: { code, message, ...extra } };
  return Response.json(body, { status: ERROR_STATUS[code], headers: { "Cache-Control": "no-store", ...headers } });
}

// The database cannot be reached or is going away (a restart, a failover, a full connection table): the request
// may succeed in a moment, so it answers 503, not the generic 500. Socket errors of the driver, postgres.js's own
// connection codes, and the SQLSTATE classes 08 (connection exception), 57P01–57P03 (shutdown, crash, starting
// up) and 53300 (too many connections), looked for on the error and along its `cause` chain (Drizzle wraps them).
const DB_UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  let e = error as { code?: unknown; cause?: unknown; errors?: unknown } | null | undefined;
  for (let depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const code = typeof e.code === "string" ? e.code : "";
    if (DB_UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x))) return true; // AggregateError (dual-stack connect)
    e = e.cause as typeof e;
  }
  return false;
}

/** The English text of the errors catalog's databaseUnavailable (tests compare with it). */
export const DATABASE_UNAVAILABLE_MESSAGE = englishErrorTranslators().errors("http.databaseUnavailable");

/** Map anything thrown by a handler to the one error shape. */
export function toErrorResponse(error: unknown, context: { method: string; path: string } & ErrorReader): Response {
  if (error instanceof AppError) {
    return errorAnswer(context, error.code, error.messageKey, {
      ...(error.fieldKeys ? { fields: error.fieldKeys } : {}),
      ...(error.confirm ? { confirm: error.confirm } : {}),
    });
  }
  // The request's id (X-Request-Id, in every log line of this request) is the reference the user is shown.
  const id = currentRequestId() ?? randomUUID();
  if (isDatabaseUnavailable(error)) {
    // The driver's own words (code and message of the innermost cause), not Drizzle's wrapper with the SQL and its values.
    let root = error as { code?: unknown; message?: unknown; cause?: unknown };
    while (root.cause && typeof root.cause === "object") root = root.cause as typeof root;
    logger.warn("route.database_unavailable", {
      id,
      method: context.method,
      path: context.path,
      code: String(root.code ?? ""),
      error: String(root.message ?? root),
    });
    return errorAnswer(context, "database_unavailable", "http.databaseUnavailable", { id }, { "Retry-After": "5" });
  }
  logger.error("route.unhandled_error", {
    id,
    method: context.method,
    path: context.path,
    error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
  });
  return errorAnswer(context, "internal", "http.internal", { id });
}
