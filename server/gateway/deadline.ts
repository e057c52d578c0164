// The overall deadline of the gateway calls a person waits for. Each attempt has its own connect and answer
// timeouts, but a read is tried up to 3 times with backoff and one request may make several calls (a sync reads
// twice, then writes): with the gateway hung, a person would wait several times the answer timeout. So the first
// gateway call made while serving a request fixes a deadline for every call of that request; a call that would
// start after it is not sent, and one in flight when it passes is cut off. Outside a request (the workers, the
// scripts) each call gets its own deadline, retries included.
import { currentRequestContext } from "../log/request-context";

export const DEFAULT_GATEWAY_DEADLINE_MS = 15_000;

/** The epoch-ms instant by which this gateway call (with its retries) must have ended. */
export function gatewayDeadlineAt(deadlineMs: number, now: number): number {
  const context = currentRequestContext();
  if (!context) return now + deadlineMs;
  context.gatewayDeadlineAt ??= now + deadlineMs;
  return context.gatewayDeadlineAt;
}

/** The reason an attempt was aborted at the deadline (the abort signal's reason, told apart from other failures). */
export class GatewayDeadlinePassed extends Error {
  constructor(deadlineMs: number) {
    super(`the overall gateway deadline of this request (${deadlineMs} ms) passed`);
    this.name = "GatewayDeadlinePassed";
  }
}
