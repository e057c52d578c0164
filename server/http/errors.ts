// The one error type of the dashboard's API, its code → HTTP status map, and the one JSON error shape
// `{ "error": { "code", "message", "fields"?, "id"? } }`. Internal messages never reach the user: an unknown
// error becomes a generic 500 whose id is logged with the details.
import { randomUUID } from "node:crypto";
import { logger } from "../log/logger";

export const ERROR_STATUS = {
  unauthenticated: 401,
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
  outcome_unknown: 504,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string[]>; id?: string };
}

export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly code: ErrorCode,
    /** Safe to show to the user. */
    readonly userMessage: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(userMessage);
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function errorJson(code: ErrorCode, message: string, extra: Partial<ErrorBody["error"]> = {}, headers?: HeadersInit): Response {
  const body: ErrorBody = { error: { code, message, ...extra } };
  return Response.json(body, { status: ERROR_STATUS[code], headers: { "Cache-Control": "no-store", ...headers } });
}

/** Map anything thrown by a handler to the one error shape. */
export function toErrorResponse(error: unknown, context: { method: string; path: string }): Response {
  if (error instanceof AppError) {
    return errorJson(error.code, error.userMessage, error.fields ? { fields: error.fields } : {});
  }
  const id = randomUUID();
  logger.error("route.unhandled_error", {
    id,
    method: context.method,
    path: context.path,
    error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
  });
  return errorJson("internal", "Something went wrong on our side. Please try again; if it keeps happening, quote this reference.", { id });
}
