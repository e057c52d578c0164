// Cross-site request refusal: a state-changing request (POST, PUT, PATCH, DELETE) must carry an Origin header that
// is the dashboard's own. `Origin: null` (sandboxed frames, some redirects) and a missing Origin are refused.
// Pure, so that the proxy and the route wrapper share it and the tests can call it directly.

export const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export interface OriginCheckInput {
  method: string;
  origin: string | null;
  /** The Host header of the request (what the browser addressed). */
  host: string | null;
  /** The configured public URL of the dashboard (APP_URL). */
  appUrl: string;
}

export function isAllowedOrigin(input: OriginCheckInput): boolean {
  if (!STATE_CHANGING.has(input.method.toUpperCase())) return true;
  const origin = input.origin?.trim();
  if (!origin || origin === "null") return false;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.origin !== origin.replace(/\/$/, "")) return false; // paths, credentials or garbage in the header
  if (parsed.origin === new URL(input.appUrl).origin) return true;
  // The same host the browser addressed (127.0.0.1 vs localhost, another port in a test run).
  return input.host !== null && (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.host === input.host.toLowerCase();
}
