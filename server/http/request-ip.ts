// The client IP of a request under this deployment's TRUSTED_PROXY_HOPS (client-ip.ts explains the rule).
import "server-only";
import { env } from "../env";
import { clientIp } from "./client-ip";

export function requestIp(headers: Headers): string {
  return clientIp(headers, env().trustedProxyHops);
}
