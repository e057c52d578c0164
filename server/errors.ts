// The one error type of the dashboard and its codes. Services, auth and the gateway layer throw it; the route layer
// (server/http/errors.ts) maps each code to an HTTP status and the one JSON error shape. Safe for scripts to import.

/** Every code an AppError can carry. The HTTP status of each lives in server/http/errors.ts (ERROR_STATUS). */
export const ERROR_CODES = [
  "unauthenticated",
  /** The session has passed the password step only: the second factor comes next (server/auth/principal.ts). */
  "second_factor_required",
  /** The user must change a generated password before anything else works. */
  "password_change_required",
  /** A sensitive action needs a second factor presented in the last few minutes (server/auth/step-up.ts). */
  "step_up_required",
  "forbidden",
  "origin_rejected",
  "not_found",
  "invalid_request",
  "conflict",
  "in_flight",
  "unprocessable",
  "rate_limited",
  "gateway_error",
  "gateway_unavailable",
  "database_unavailable",
  "outcome_unknown",
  "internal",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

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
}
