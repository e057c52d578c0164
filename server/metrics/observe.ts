// What the request hook and the gateway transport record as things happen. Recording never throws into the caller:
// a metric is not worth failing a request or a gateway call for. No `import "server-only"`: request-log.ts and the
// gateway transport call it; nothing here is a secret.
import type { GatewayResult } from "../gateway/result";
import { metrics } from "./registry";
import { methodLabel, OTHER_ROUTE, routeLabel, statusClass } from "./route-label";

/**
 * Distinct route labels one process hands out, at most. The templates keep real routes far below it (the app has
 * about 150 pages and handlers); it stops a path shape the rules did not foresee from growing the series without end.
 */
export const MAX_ROUTE_LABELS = 300;

export interface AnsweredRequest {
  method: string | undefined;
  /** The path without its query. */
  path: string;
  status: number;
  /** False when the client left before the answer was complete. */
  finished: boolean;
  contentType: string | null;
  seconds: number;
}

export function observeHttpRequest(r: AnsweredRequest): void {
  try {
    const m = metrics();
    let route = routeLabel(r.path, r.status, r.contentType);
    if (!m.routeLabels.has(route)) {
      if (m.routeLabels.size >= MAX_ROUTE_LABELS) route = OTHER_ROUTE;
      else m.routeLabels.add(route);
    }
    const labels = { method: methodLabel(r.method), route, status_class: statusClass(r.status, r.finished) };
    m.httpRequests.inc(labels);
    m.httpDuration.observe(labels, r.seconds);
  } catch {
    // never break the request's end for a metric
  }
}

export type GatewayOutcome = "success" | "declined" | "error" | "bad_answer" | "unconfirmed" | "timeout" | "network";

/** The outcome label of a gateway result (the transport's typed result, folded to what an operator alerts on). */
export function gatewayOutcome(result: GatewayResult<unknown>): GatewayOutcome {
  switch (result.kind) {
    case "success":
      return "success";
    case "declined":
      return "declined";
    case "gateway_error":
      return "error";
    case "transport":
      if (result.reason === "timeout" || result.reason === "deadline") return "timeout";
      if (result.reason === "connect" || result.reason === "reset") return "network";
      // A money call answered without a documented success word: nothing booked until a status query settles it.
      if (result.reason === "unconfirmed") return "unconfirmed";
      return "bad_answer"; // bad_body, schema, http_status, redirect
  }
}

/** One gateway call (all its attempts): `operation` is the operation's fixed name (sale, status, capture …). */
export function observeGatewayCall(operation: string, result: GatewayResult<unknown>, seconds: number): void {
  try {
    const m = metrics();
    const labels = { operation, outcome: gatewayOutcome(result) };
    m.gatewayCalls.inc(labels);
    m.gatewayDuration.observe(labels, seconds);
  } catch {
    // never break a gateway call for a metric
  }
}
