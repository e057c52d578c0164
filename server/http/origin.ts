// Cross-site request refusal: a state-changing request (POST, PUT, PATCH, DELETE) must carry an Origin header that
// is one of the dashboard's own origins: APP_URL's, and those listed in ALLOWED_ORIGINS (another public name of the
// same deployment). The Host header is never trusted for this: it is whatever the client sent, so a request that
// names an attacker's host in both headers would pass a "same as Host" rule (through a proxy that forwards Host, or
// DNS rebinding). `Origin: null` (sandboxed frames, some redirects) and a missing Origin are refused.
// Pure, so that the proxy and the route wrapper share it and the tests can call it directly.

export const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The origins a state-changing request may come from. When APP_URL is a loopback address (a trial on one machine),
 * the other spellings of the same loopback port are the same server and are accepted too: opening
 * http://localhost:3000 when the banner said http://127.0.0.1:3000 must not break every button. No page of another
 * site can be served from this machine's port that the dashboard itself listens on.
 */
export function dashboardOrigins(appUrl: string, allowed: readonly string[] = []): readonly string[] {
  const own = new URL(appUrl);
  const origins = [own.origin, ...allowed.map((o) => new URL(o).origin)];
  if (LOOPBACK.has(own.hostname)) {
    for (const host of LOOPBACK) origins.push(`${own.protocol}//${host}${own.port ? `:${own.port}` : ""}`);
  }
  return [...new Set(origins)];
}

export interface OriginCheckInput {
  method: string;
  origin: string | null;
  /** dashboardOrigins(APP_URL, ALLOWED_ORIGINS). */
  allowed: readonly string[];
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
  return input.allowed.includes(parsed.origin);
}
