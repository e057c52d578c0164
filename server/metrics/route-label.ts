// The `route` label of the HTTP series: a path template, never the path itself. Every distinct label value is a new
// time series kept in memory here and in Prometheus for as long as it is retained, so a label must not carry what
// varies per request (ids) or what a caller chooses (a scanner's made-up paths), and never a secret (the
// notification receiver's path segment is its whole credential, and Prometheus's storage is not a secret store).
// Pure, so the rules are tested directly. No `import "server-only"`: request-log.ts, which instrumentation.ts loads,
// uses it.

/** The receiver's path: whatever follows it is the secret (or a wrong guess at it), replaced whole. */
export const WEBHOOK_PREFIX = "/api/webhooks/gateway/";
export const WEBHOOK_TEMPLATE = "/api/webhooks/gateway/:secret";
/** The receiver's other door (the secret in the X-Webhook-Secret header): a path with nothing secret in it. */
export const WEBHOOK_HEADER_ROUTE = "/api/webhooks/gateway";
/** Paths no page or handler matched (Next's not-found page answered): one label, whatever was asked for. */
export const UNMATCHED_ROUTE = "unmatched";
/** Anything that is not an origin-form path ("*", an absolute URL) or past the label budget. */
export const OTHER_ROUTE = "other";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DIGITS = /^\d+$/;
/** The app's own path words: lower-case letters, digits, dots, dashes and underscores (`three-ds`, `end-others`). */
const WORD = /^[a-z0-9._-]+$/;
/** Longer than any path word the app has, so an id by its length (link ids, 3-D Secure view ids, tokens). */
const LONG_SEGMENT = 20;
/** A word with digits in it this long reads as an id, not a route name. */
const ID_LIKE = /^(?=.*\d)(?=.*[a-z])[a-z0-9_-]{12,}$/i;
/** No route of the app is deeper; deeper paths keep their first segments only. */
const MAX_SEGMENTS = 8;

function segmentLabel(segment: string): string {
  if (UUID.test(segment) || DIGITS.test(segment) || segment.length >= LONG_SEGMENT || ID_LIKE.test(segment)) return ":id";
  // Upper case, percent-escapes and anything else unusual are not the app's words: an id or a caller's invention.
  if (!WORD.test(segment)) return ":id";
  return segment;
}

/** The template of a request path (query already removed): ids become `:id`, the receiver's secret `:secret`. */
export function routeTemplate(path: string): string {
  if (!path.startsWith("/")) return OTHER_ROUTE;
  if (path === WEBHOOK_HEADER_ROUTE) return WEBHOOK_HEADER_ROUTE;
  if (path.startsWith(WEBHOOK_PREFIX)) return WEBHOOK_TEMPLATE;
  if (path.startsWith("/_next/")) return "/_next/:asset";
  const segments = path.split("/").filter((s) => s !== "");
  if (segments.length === 0) return "/";
  const kept = segments.slice(0, MAX_SEGMENTS).map(segmentLabel);
  return `/${kept.join("/")}${segments.length > MAX_SEGMENTS ? "/:rest" : ""}`;
}

/**
 * The route label of a request once answered. A 404 that is not the API's JSON error (Next's not-found page) means
 * no page or handler matched: one label for all of them, or every path a scanner tries would become a series. A
 * handler's own 404 (a payment that does not exist) keeps its route. The receiver keeps its template even on a 404
 * (a wrong path secret): refused notifications are worth seeing, and the label holds no part of the path.
 */
export function routeLabel(path: string, status: number, contentType: string | null): string {
  const template = routeTemplate(path);
  if (template === WEBHOOK_TEMPLATE || template === WEBHOOK_HEADER_ROUTE || template === OTHER_ROUTE) return template;
  if (status === 404 && !/^application\/json\b/i.test(contentType ?? "")) return UNMATCHED_ROUTE;
  return template;
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The method label: the standard ones, and "other" for whatever else a client sends (any token is a valid method). */
export function methodLabel(method: string | undefined): string {
  const m = (method ?? "").toUpperCase();
  return METHODS.has(m) ? m : "other";
}

/** "2xx" … "5xx", or "aborted" when the client left before the answer was complete (its status never arrived). */
export function statusClass(status: number, finished: boolean): string {
  if (!finished) return "aborted";
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : "other";
}
