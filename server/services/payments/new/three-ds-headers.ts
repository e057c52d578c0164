// Headers of the 3-D Secure view: the gateway's page runs sandboxed (an opaque origin: no cookies, no storage, no
// access to the dashboard, no navigating the top window), may be framed only by the dashboard itself, and may do what
// a real issuer's page does: load its scripts, styles, fonts and images from the bank's own (https) origins, frame the
// bank's method URL, call home, and post its form on to the bank's Access Control Server. What keeps the dashboard
// safe is the sandbox (the frame's attribute and this CSP's `sandbox` directive, both without allow-same-origin and
// allow-top-navigation), not a list of the bank's hosts, which no merchant can know in advance.
// `base-uri` admits only the gateway's own origins: the view's <base> (three-ds-base.ts) points there, so that the
// page's relative URLs resolve against the gateway and not the dashboard. Pure: tested directly.
import "server-only";

export function threeDsViewHeaders(o: {
  /** The gateway's origins (base-uri) and every source the page may use (server/gateway/three-ds-sources.ts). */
  sources: { gateway: string[]; remote: string[] };
  appOrigin: string;
}): Record<string, string> {
  const remote = o.sources.remote.join(" ");
  const csp = [
    "sandbox allow-scripts allow-forms",
    "default-src 'none'",
    `script-src 'unsafe-inline' ${remote}`,
    `style-src 'unsafe-inline' ${remote}`,
    `img-src data: ${remote}`,
    `font-src data: ${remote}`,
    `frame-src ${remote}`,
    `connect-src ${remote}`,
    // Posting on to the bank's ACS, or back to the dashboard's return page.
    `form-action ${remote} ${o.appOrigin}`,
    "frame-ancestors 'self'",
    `base-uri ${o.sources.gateway.join(" ")}`,
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
