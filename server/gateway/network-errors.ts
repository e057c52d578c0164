// Network failures of a gateway call → transport results. A failure before any byte was sent (refused, unreachable,
// connect or TLS timeout) is never outcome-unknown; one after sending is, for calls that change state. Anything
// that is not a network failure (bad arguments, use after close) is a programming error and is rethrown.
import type { GatewayResult } from "./result";

const CONNECT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EADDRNOTAVAIL",
  "EPROTO",
  "UND_ERR_CONNECT_TIMEOUT",
]);
const TIMEOUT_CODES = new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "ETIMEDOUT"]);
const RESET_CODES = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET", "UND_ERR_RES_CONTENT_LENGTH_MISMATCH"]);

const PROGRAMMING_CODES = new Set(["UND_ERR_INVALID_ARG", "UND_ERR_NOT_SUPPORTED", "UND_ERR_CLOSED", "UND_ERR_DESTROYED"]);

export class ResponseTooLarge extends Error {}

function errorCode(err: unknown): string {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  return String(e?.code ?? e?.cause?.code ?? "");
}

/** A network failure → transport result; anything that is not a network failure is a programming error. */
export function classifyError(err: unknown, changesState: boolean): GatewayResult<never> {
  const code = errorCode(err);
  const text = err instanceof Error ? err.message : String(err);
  if (err instanceof ResponseTooLarge) {
    return { kind: "transport", reason: "bad_body", outcomeUnknown: changesState, message: text };
  }
  // TLS handshake failures also happen before any request byte is sent.
  if (CONNECT_CODES.has(code) || code.startsWith("ERR_TLS") || code.includes("CERT")) {
    return { kind: "transport", reason: "connect", outcomeUnknown: false, message: `${code}: ${text}` };
  }
  if (TIMEOUT_CODES.has(code)) {
    return { kind: "transport", reason: "timeout", outcomeUnknown: changesState, message: `${code}: ${text}` };
  }
  if (RESET_CODES.has(code)) {
    return { kind: "transport", reason: "reset", outcomeUnknown: changesState, message: `${code}: ${text}` };
  }
  // Bad arguments (Node's ERR_* codes, undici's invalid-argument errors) or no code at all: a bug, rethrown.
  if (!code || (code.startsWith("ERR_") && !code.startsWith("ERR_SSL")) || PROGRAMMING_CODES.has(code)) throw err;
  // Any other system or undici failure: the connection broke in a way not listed above; assume it was sent.
  return { kind: "transport", reason: "reset", outcomeUnknown: changesState, message: `${code}: ${text}` };
}
