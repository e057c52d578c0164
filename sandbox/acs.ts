// The "acs" challenge mode (POST /__sandbox/challenge-mode {mode: "acs"}): 3-D Secure the way a real issuer does it.
// The gateway's page (the collector's answer, the S2S sale's html) is only a hand-over: it loads a stylesheet and an
// image from the bank's own origin, an image by a relative URL (which must resolve against the gateway, not the
// page that frames it), and auto-posts to the bank's Access Control Server on a second origin (another port), whose
// own page asks for the one-time password and posts it back to the gateway. The dashboard must let that page work
// inside its sandboxed frame while it still can never touch the dashboard. Every resource fetched is logged
// (GET /__sandbox/acs-log), so a test can tell that the hand-over page really loaded them under the dashboard's policy.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Deps } from "./context";
import { esc } from "./http-util";
import { page } from "./pages";
import type { Payment } from "./types";

/** A colour only acs.css sets: a test reads it back to see that the bank's stylesheet applied. */
export const ACS_MARK_COLOUR = "rgb(0, 90, 60)";
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="32" viewBox="0 0 120 32"><rect width="120" height="32" rx="4" fill="rgb(0, 90, 60)"/><text x="60" y="21" font-family="sans-serif" font-size="14" fill="white" text-anchor="middle">Sandbox Bank</text></svg>`;
const CSS = `#acs-mark{color:${ACS_MARK_COLOUR}}body{font-family:system-ui,sans-serif;margin:1rem}`;

/** The hand-over page the gateway returns in acs mode (served by the gateway's origin). */
export function acsStartPage(p: Payment, acsUrl: string): string {
  const target = `${acsUrl}/acs/challenge/${encodeURIComponent(p.id)}`;
  const body = `<link rel="stylesheet" href="${esc(acsUrl)}/acs.css?from=start">
<p class="brand"><img src="${esc(acsUrl)}/logo.svg?from=start" alt="Sandbox Bank" width="120" height="32"></p>
<h1 id="acs-mark">Connecting to your bank…</h1>
<p><img src="/payment/acs-badge.svg" alt="" width="16" height="16"> Secured by the card scheme.</p>
<form id="acs-start" method="post" action="${esc(target)}"><input type="hidden" name="trans_id" value="${esc(p.id)}">
<noscript><button type="submit">Continue to your bank</button></noscript></form>`;
  // Like an ACS hand-over: post once the page (and what it loads) is there.
  const script = `window.addEventListener("load",function(){document.getElementById("acs-start").submit()});`;
  return page("Connecting to your bank – Sandbox Bank", body, script);
}

/** The bank's own challenge page (served by the ACS origin): its stylesheet and logo by relative URLs. */
function acsChallengePage(transId: string, gatewayUrl: string): string {
  const action = `${gatewayUrl}/payment/challenge/${encodeURIComponent(transId)}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sandbox Bank – verify your payment</title>
<link rel="stylesheet" href="/acs.css"></head>
<body><main><p><img id="acs-logo" src="/logo.svg" alt="Sandbox Bank" width="120" height="32"></p>
<h1 id="acs-mark">Sandbox Bank: verify your payment</h1>
<form method="post" action="${esc(action)}" autocomplete="off">
<label for="otp">One-time password</label>
<input id="otp" name="otp" type="text" inputmode="numeric" autocomplete="one-time-code" required>
<p>Sandbox: 1234 approves</p>
<button type="submit">Verify</button></form></main></body></html>`;
}

/** The gateway's own badge, fetched by a relative URL from the hand-over page. */
export const ACS_BADGE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><circle cx="8" cy="8" r="7" fill="rgb(29, 78, 216)"/></svg>`;

export interface AcsServer {
  url: string;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, type: string, body: string, extra: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body), "cache-control": "no-store", ...extra });
  res.end(body);
}

async function drain(req: IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > 64 * 1024) break;
    chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The Access Control Server on its own port of `host`. */
export async function startAcs(deps: Deps, host: string, port: number, urlHost: string): Promise<AcsServer> {
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://acs.invalid");
      const from = url.searchParams.get("from") ?? "acs";
      if (req.method === "GET" && url.pathname === "/acs.css") {
        deps.acsLog.push(`acs.css (${from})`);
        return send(res, 200, "text/css; charset=utf-8", CSS);
      }
      if (req.method === "GET" && url.pathname === "/logo.svg") {
        deps.acsLog.push(`logo.svg (${from})`);
        return send(res, 200, "image/svg+xml", LOGO);
      }
      const m = /^\/acs\/challenge\/([^/]+)$/.exec(url.pathname);
      if (req.method === "POST" && m) {
        await drain(req);
        const transId = decodeURIComponent(m[1]!);
        deps.acsLog.push("challenge page");
        const known = deps.store.payment(transId);
        if (!known) return send(res, 404, "text/html; charset=utf-8", page("Unknown payment", "<h1>Unknown payment</h1>"));
        return send(res, 200, "text/html; charset=utf-8", acsChallengePage(transId, deps.config.publicUrl));
      }
      send(res, 404, "text/plain; charset=utf-8", "Not found");
    })().catch(() => {
      if (!res.headersSent) send(res, 500, "text/plain; charset=utf-8", "ACS error");
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const url = `http://${urlHost}:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
