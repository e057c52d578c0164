// GET /api/metrics's handler, bound to its dependencies (the route file binds the real ones). Who may read it:
// whoever sends METRICS_TOKEN as a bearer token, and nobody else; the session cookie is never looked at (a
// scraper has none, and a signed-in person gains nothing by one). The token travels only in the Authorization
// header: a query string ends up in proxies' access logs. Unset, the route answers 404 like an address that does
// not exist, so an instance without metrics shows nothing of them.
import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { errorAnswer } from "../http/errors";
import { scrape, type ScrapeDeps } from "./scrape";

export interface MetricsHandlerDeps extends ScrapeDeps {
  /** METRICS_TOKEN, or null when unset. */
  token(): string | null;
}

/** The token of an `Authorization: Bearer <token>` header (the scheme in any case, RFC 7235), or null. */
export function bearerToken(header: string | null): string | null {
  const m = /^bearer +(\S+) *$/i.exec(header ?? "");
  return m ? m[1]! : null;
}

/** Constant-time comparison (both sides hashed first, so neither the content nor the length leaks by timing). */
export function tokenMatches(given: string | null, expected: string): boolean {
  const a = createHash("sha256")
    .update(given ?? "", "utf8")
    .digest();
  const b = createHash("sha256").update(expected, "utf8").digest();
  return timingSafeEqual(a, b) && given !== null;
}

export function createMetricsHandler(deps: MetricsHandlerDeps): (req: Request) => Promise<Response> {
  return async (req) => {
    const expected = deps.token();
    if (!expected) return errorAnswer({ req }, "not_found", "http.notFound");
    if (!tokenMatches(bearerToken(req.headers.get("authorization")), expected)) {
      return errorAnswer({ req }, "unauthenticated", "http.metricsTokenRequired", {}, { "WWW-Authenticate": 'Bearer realm="metrics"' });
    }
    const answer = await scrape(deps);
    return new Response(answer.body, {
      status: 200,
      headers: { "Content-Type": answer.contentType, "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
    });
  };
}
