// Headers of the 3-D Secure view: the gateway's page runs sandboxed (opaque origin: no cookies, no storage, no
// access to the dashboard), may run its inline script and post its form only to the gateway or back to us, and
// may be framed only by the dashboard itself. Pure: tested directly.
import "server-only";

export function threeDsViewHeaders(o: { gatewayOrigins: string[]; appOrigin: string }): Record<string, string> {
  const targets = [...new Set([...o.gatewayOrigins, o.appOrigin])].join(" ");
  const csp = [
    "sandbox allow-scripts allow-forms",
    "default-src 'none'",
    "script-src 'unsafe-inline'",
    "style-src 'unsafe-inline'",
    // The bank's page may call home (an ACS page often does); nowhere else.
    `connect-src ${[...new Set(o.gatewayOrigins)].join(" ")}`,
    `form-action ${targets}`,
    "frame-ancestors 'self'",
    "base-uri 'none'",
  ].join("; ");
  return {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": csp,
    "Cache-Control": "no-store",
    "X-Frame-Options": "SAMEORIGIN",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
  };
}
