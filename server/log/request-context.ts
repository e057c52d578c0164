// The request id of the request being served, for every log line written while serving it (the logger adds it)
// and for the error reference a user quotes. Set by the HTTP server hook (server/http/request-log.ts) around Next's
// handling of each request, so it holds across every await inside it.
// No `import "server-only"`: the logger, which scripts use too, reads it.
import { AsyncLocalStorage } from "node:async_hooks";

export interface RequestContext {
  requestId: string;
  /**
   * When the gateway calls made while serving this request must have ended (epoch ms), set by the first call
   * (server/gateway/deadline.ts): the calls of one request share one overall deadline, retries included.
   */
  gatewayDeadlineAt?: number;
}

const KEY = Symbol.for("merchant-dashboard.request-context");
// One store per process, even when Next loads this module once per server bundle.
const storage: AsyncLocalStorage<RequestContext> = ((globalThis as { [KEY]?: AsyncLocalStorage<RequestContext> })[KEY] ??=
  new AsyncLocalStorage<RequestContext>());

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** The context of the request being served, or null outside one (workers, scripts). */
export function currentRequestContext(): RequestContext | null {
  return storage.getStore() ?? null;
}

/** The id of the request being served, or null outside one (workers, scripts). */
export function currentRequestId(): string | null {
  return storage.getStore()?.requestId ?? null;
}

/**
 * An incoming X-Request-Id is kept when it looks like an id (a proxy's or load balancer's, so one id follows the
 * request through both logs): 8 to 128 letters, digits, dashes, underscores, dots or colons. Anything else, or
 * nothing, gets a new UUID.
 */
export function acceptedRequestId(incoming: string | string[] | undefined, make: () => string): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value && /^[A-Za-z0-9._:-]{8,128}$/.test(value) ? value : make();
}
