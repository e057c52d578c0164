// The proxy (Next 16's middleware) runs before every request from a browser. It is NOT the access check — route
// handlers and pages check the session and permission again — it only: sets the security headers with a per-request
// CSP nonce, refuses cross-site state-changing requests, and sends visitors without a session cookie to sign-in.
// The gateway's notifications (/api/webhooks/) do not pass through it: a server-to-server caller that authenticates
// by its path secret and hash needs none of that, and the receiver is the one route that takes bursts (measured: the
// proxy cost a POST a third of the empty route's throughput). The receiver's answer sets its own headers.
import { NextResponse, type NextRequest } from "next/server";
import { securityHeaders } from "@/lib/security-headers";
import { readConfig } from "@/server/config";
import { isAllowedOrigin } from "@/server/http/origin";
import { threeDsSources } from "@/server/gateway/three-ds-sources";

const appConfig = readConfig(process.env);
// The 3-D Secure frame navigates from the gateway's page to the issuer's own hosts (three-ds-sources.ts).
const frameOrigins = threeDsSources(appConfig).remote;
const PUBLIC_PAGES = ["/login", "/set-password", "/forgot-password", "/payments/return"];
/** The icons and the web manifest: a browser fetches the manifest without cookies, so they never redirect to sign-in. */
const PUBLIC_FILES = ["/icon.svg", "/apple-icon.png", "/manifest.webmanifest", "/icons/"];
/** Pages that the dashboard itself frames (the 3-D Secure return address, inside the sandboxed frame). */
const FRAMEABLE = ["/payments/return", "/api/payments/three-ds/"];
/** Responses that set their own CSP (the 3-D Secure view's sandbox policy): the proxy sets none on them. */
const OWN_CSP = ["/api/payments/three-ds/"];

function hasSessionCookie(req: NextRequest): boolean {
  return req.cookies.has("next-auth.session-token") || req.cookies.has("__Secure-next-auth.session-token");
}

export function proxy(req: NextRequest) {
  const { pathname } = req.nextUrl;
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const frameable = FRAMEABLE.some((p) => pathname.startsWith(p));
  const headers = securityHeaders({
    nonce,
    frameOrigins,
    dev: process.env.NODE_ENV === "development",
    hsts: appConfig.secureCookies,
    frameable,
  });

  const ownCsp = OWN_CSP.some((p) => pathname.startsWith(p));
  const withHeaders = (res: NextResponse) => {
    for (const [k, v] of Object.entries(headers)) if (!(ownCsp && k === "Content-Security-Policy")) res.headers.set(k, v);
    return res;
  };

  if (!isAllowedOrigin({ method: req.method, origin: req.headers.get("origin"), allowed: appConfig.allowedOrigins })) {
    return withHeaders(
      NextResponse.json(
        { error: { code: "origin_rejected", message: "This request did not come from the dashboard and was refused." } },
        { status: 403 },
      ),
    );
  }

  const isPage = !pathname.startsWith("/api/");
  const isPublic =
    PUBLIC_PAGES.some((p) => pathname.startsWith(p)) ||
    PUBLIC_FILES.some((p) => pathname === p || (p.endsWith("/") && pathname.startsWith(p)));
  if (isPage && pathname !== "/" && !isPublic && !hasSessionCookie(req)) {
    const login = new URL("/login", req.url);
    login.searchParams.set("next", pathname + req.nextUrl.search);
    return withHeaders(NextResponse.redirect(login));
  }

  // Next reads the nonce from the request's CSP header and puts it on its own inline scripts.
  const requestHeaders = new Headers(req.headers);
  requestHeaders.set("x-nonce", nonce);
  if (!ownCsp) requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]!);
  return withHeaders(NextResponse.next({ request: { headers: requestHeaders } }));
}

export const config = {
  matcher: [{ source: "/((?!_next/static|_next/image|favicon.ico|robots.txt|api/webhooks/).*)" }],
};
