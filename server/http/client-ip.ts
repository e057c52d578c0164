// The client's IP address for the throttle, the audit log and the sessions page. X-Forwarded-For is trusted only as
// far as TRUSTED_PROXY_HOPS says: the app's own server appends the socket's peer address as the right-most entry
// (peer-address.ts), so with 0 trusted hops the IP is that peer, and with N hops the N-th entry left of it (the
// address the farthest trusted proxy saw). Entries a client wrote itself are left of those and never chosen.
import { isIP } from "node:net";
import { normaliseIp } from "@/lib/ip-address";

export function clientIp(headers: Headers, trustedProxyHops: number): string {
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (chain.length === 0) return "unknown";
  // Fewer entries than hops: the request came by a shorter path (e.g. straight to the app); the left-most entry is
  // then the farthest address any trusted party saw.
  const index = Math.max(0, chain.length - 1 - Math.max(0, trustedProxyHops));
  const ip = normaliseIp(chain[index]!);
  return isIP(ip) ? ip : "unknown";
}

/**
 * A loopback, private, carrier-grade NAT or link-local address: what a reverse proxy or a load balancer connects
 * from. A sign-in lock on such an address, with the dashboard behind a proxy and TRUSTED_PROXY_HOPS left at 0, is
 * everybody's lock (throttle.ts warns).
 */
export function isPrivateAddress(value: string): boolean {
  const ip = normaliseIp(value);
  if (isIP(ip) === 4) {
    const [a, b] = ip.split(".").map(Number) as [number, number];
    return (
      a === 10 ||
      a === 127 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254)
    );
  }
  if (isIP(ip) === 6) {
    const v = ip.toLowerCase();
    return v === "::1" || /^f[cd][0-9a-f]{0,2}:/.test(v) || /^fe[89ab][0-9a-f]?:/.test(v);
  }
  return false;
}
