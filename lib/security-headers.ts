// The dashboard's security headers, built in one place: the proxy sets them on every response. Pure and
// browser-safe (no secrets): the tests check the policy directly.

export interface CspOptions {
  nonce: string;
  /** Origins the dashboard may frame (the gateway's hosts, for 3-D Secure pages served by our own route). */
  frameOrigins: string[];
  dev: boolean;
  /** Whether the dashboard's own pages may frame this response (frame-ancestors 'self' instead of 'none'). */
  frameable?: boolean;
}

export function contentSecurityPolicy(o: CspOptions): string {
  const directives: Array<[string, string[]]> = [
    ["default-src", ["'self'"]],
    // 'strict-dynamic' lets Next's nonce-bearing bootstrap load its chunks; no 'unsafe-eval' outside development.
    ["script-src", ["'self'", `'nonce-${o.nonce}'`, "'strict-dynamic'", ...(o.dev ? ["'unsafe-eval'"] : [])]],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "blob:"]],
    ["font-src", ["'self'"]],
    ["connect-src", ["'self'", ...(o.dev ? ["ws:"] : [])]],
    ["frame-src", ["'self'", ...o.frameOrigins]],
    ["frame-ancestors", [o.frameable ? "'self'" : "'none'"]],
    ["form-action", ["'self'"]],
    ["base-uri", ["'none'"]],
    ["object-src", ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(" ")}`).join("; ");
}

export function securityHeaders(o: CspOptions & { hsts: boolean }): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(o),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": o.frameable ? "SAMEORIGIN" : "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    ...(o.hsts ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
}
