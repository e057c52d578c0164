// Every request the app's HTTP server receives gets a request id and one access-log line:
// - the id: the incoming X-Request-Id when it looks like one (a proxy's), else a new UUID; sent back in the answer's
//   X-Request-Id, added to every log line written while serving it (server/log/request-context.ts), and used as
//   the error reference a user reads on an error answer, so support finds the lines from what the user quotes;
// - the line: `http.request` with the method, the path without its query (a query may carry a token), the status,
//   the duration and whether the client left before the answer ended. Next's static files are not logged;
// - the metrics: the same moment feeds the request counter and duration histogram (server/metrics/observe.ts), by
//   route template, never by path (ids and the receiver's secret stay out of the labels).
// Installed once from instrumentation.ts, like the peer-address stamp, by wrapping the server's "request" event.
import { randomUUID } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { logger as processLogger, type Logger } from "../log/logger";
import { acceptedRequestId, runWithRequestContext } from "../log/request-context";
import { observeHttpRequest } from "../metrics/observe";

const INSTALLED = Symbol.for("merchant-dashboard.request-log");

const UNLOGGED = /^\/(_next\/static\/|_next\/image|favicon\.ico)/;

/** Wraps one request's handling: the id, the answer's header, the context, and the access-log line at its end. */
export function observeRequest(req: http.IncomingMessage, res: http.ServerResponse, handle: () => boolean, log: Logger): boolean {
  const requestId = acceptedRequestId(req.headers["x-request-id"], randomUUID);
  req.headers["x-request-id"] = requestId; // route handlers and pages read it from the request
  res.setHeader("X-Request-Id", requestId);
  const path = (req.url ?? "/").split("?")[0]!;
  if (!UNLOGGED.test(path)) {
    const started = performance.now();
    res.once("close", () => {
      const ms = performance.now() - started;
      log.info("http.request", {
        requestId,
        method: req.method,
        path,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
        ...(res.writableFinished ? {} : { aborted: true }),
      });
      const contentType = res.getHeader("content-type");
      observeHttpRequest({
        method: req.method,
        path,
        status: res.statusCode,
        finished: res.writableFinished,
        contentType: typeof contentType === "string" ? contentType : null,
        seconds: ms / 1000,
      });
    });
  }
  return runWithRequestContext({ requestId }, handle);
}

export function installRequestLog(log: Logger = processLogger): void {
  for (const proto of [http.Server.prototype, https.Server.prototype] as Array<http.Server & { [INSTALLED]?: true }>) {
    if (proto[INSTALLED]) continue;
    const emit = proto.emit;
    proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
      if (event !== "request") return Reflect.apply(emit, this, [event, ...args]) as boolean;
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      return observeRequest(req, res, () => Reflect.apply(emit, this, [event, ...args]) as boolean, log);
    } as typeof proto.emit;
    proto[INSTALLED] = true;
  }
}
