// The one result type of every gateway call, and the record of each call handed to the injected recorder.
// Nothing throws past the client except programming errors (invalid input → ZodError); every network, HTTP,
// body or gateway failure is one of these kinds.

export interface FieldError {
  code: string;
  message: string;
}

/**
 * `deadline`: the overall deadline of the request's gateway calls passed (server/gateway/deadline.ts).
 * `unconfirmed`: a readable answer of a money-moving call that does not confirm it (confirmations.ts).
 */
export type TransportReason =
  "timeout" | "connect" | "reset" | "bad_body" | "schema" | "http_status" | "redirect" | "deadline" | "unconfirmed";

export interface GatewaySuccess<T> {
  kind: "success";
  data: T;
  httpStatus: number;
}

export interface GatewayDeclined {
  kind: "declined";
  declineReason: string;
  /** The unwrapped response body as received (result, status, ids …). */
  data: Record<string, unknown>;
  httpStatus: number;
}

export interface GatewayError {
  kind: "gateway_error";
  httpStatus: number;
  /** Envelope `code`, wrapper `statusCode`, or the family `result` (`ERROR`), as a string. */
  code: string | null;
  /** Envelope `errorCode` or the family `error_code`. */
  errorCode: string | null;
  message: string;
  fieldErrors: FieldError[];
}

export interface GatewayTransportFailure {
  kind: "transport";
  reason: TransportReason;
  /**
   * True when the request may have reached the gateway and changed something (a money-moving or other writing
   * call that timed out, was reset, got a 5xx/3xx or an unreadable answer): reconcile later by a status query.
   * False when nothing was sent (connection refused, connect timeout) and always false for reads.
   */
  outcomeUnknown: boolean;
  message: string;
  httpStatus?: number;
  /**
   * `unconfirmed` only: the answer as received (of the right shape, without a documented success word). It may name
   * the gateway's id of the transaction, which a new payment keeps so that the reconciler can ask about it.
   */
  answer?: Record<string, unknown>;
}

export type GatewayResult<T> = GatewaySuccess<T> | GatewayDeclined | GatewayError | GatewayTransportFailure;

export const isSuccess = <T>(r: GatewayResult<T>): r is GatewaySuccess<T> => r.kind === "success";
export const isDeclined = <T>(r: GatewayResult<T>): r is GatewayDeclined => r.kind === "declined";
export const isGatewayError = <T>(r: GatewayResult<T>): r is GatewayError => r.kind === "gateway_error";
export const isTransportFailure = <T>(r: GatewayResult<T>): r is GatewayTransportFailure => r.kind === "transport";
/** A money-moving call whose effect at the gateway is unknown and must be reconciled by a status query. */
export const isOutcomeUnknown = <T>(r: GatewayResult<T>): boolean => r.kind === "transport" && r.outcomeUnknown;

/** The success data, or throw (for scripts and tests that expect success). */
export function unwrapSuccess<T>(r: GatewayResult<T>): T {
  if (r.kind === "success") return r.data;
  throw new Error(`gateway call not successful: ${describeResult(r)}`);
}

/** One line describing a result, without any payload (safe to show in logs and error messages). */
export function describeResult<T>(r: GatewayResult<T>): string {
  switch (r.kind) {
    case "success":
      return `success (HTTP ${r.httpStatus})`;
    case "declined":
      return `declined: ${r.declineReason}`;
    case "gateway_error":
      return `gateway error ${r.code ?? "?"}/${r.errorCode ?? "?"} (HTTP ${r.httpStatus}): ${r.message}`;
    case "transport":
      return `transport ${r.reason}${r.outcomeUnknown ? " (outcome unknown)" : ""}: ${r.message}`;
  }
}

export interface GatewayCallRecord {
  operation: string;
  orderId: string | null;
  transactionId: string | null;
  outcome: "success" | "declined" | "gateway_error" | "transport";
  gatewayCode: string | null;
  httpStatus: number | null;
  latencyMs: number;
  attempts: number;
  /** Redacted. */
  request: unknown;
  /** Redacted, may be truncated. */
  response: unknown;
  startedAt: Date;
}

export interface GatewayCallRecorder {
  record(r: GatewayCallRecord): void | Promise<void>;
}
