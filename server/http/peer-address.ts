// Stamps the socket's peer address on every request the app's HTTP server receives, as the right-most
// X-Forwarded-For entry. Next's own server only sets X-Forwarded-For when the request has none
// (node_modules/next/dist/server/base-server.js: `req.headers['x-forwarded-for'] ??= socket.remoteAddress`), so a
// client that sends the header would otherwise choose its own "IP". Installed once from instrumentation.ts, in the
// server process, before the first request is handled.
import http from "node:http";
import https from "node:https";

const INSTALLED = Symbol.for("merchant-dashboard.peer-address-stamp");

/** Appends the peer address to the request's X-Forwarded-For (the entries before it are kept as sent). */
export function stampPeerAddress(req: http.IncomingMessage): void {
  const peer = req.socket?.remoteAddress ?? "unknown";
  const sent = req.headers["x-forwarded-for"];
  const before = (Array.isArray(sent) ? sent.join(",") : (sent ?? "")).trim();
  req.headers["x-forwarded-for"] = before ? `${before}, ${peer}` : peer;
}

export function installPeerAddressStamp(): void {
  for (const proto of [http.Server.prototype, https.Server.prototype] as Array<http.Server & { [INSTALLED]?: true }>) {
    if (proto[INSTALLED]) continue;
    const emit = proto.emit;
    proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
      if (event === "request") stampPeerAddress(args[0] as http.IncomingMessage);
      return Reflect.apply(emit, this, [event, ...args]) as boolean;
    } as typeof proto.emit;
    proto[INSTALLED] = true;
  }
}
