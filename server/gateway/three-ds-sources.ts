// Where the 3-D Secure frame may go and load from: a real issuer's challenge lives on the bank's own https hosts
// (its Access Control Server, its scripts, styles and images), which no merchant can list in advance, besides the
// gateway's origins. The local sandbox is plain http, its bank on another port of the same host: admitted in test mode
// only. Both the dashboard page's frame-src (where the frame may navigate) and the view's own CSP use this one list;
// the frame's sandbox, not the list, is what keeps the dashboard out of the bank's reach. Pure.
import { gatewayOrigins, type GatewayConfig } from "./config";

export function threeDsSources(c: { testMode: boolean; gateway: Pick<GatewayConfig, "baseUrl" | "apiUrl" | "collectorOrigins"> }): {
  gateway: string[];
  remote: string[];
} {
  const gateway = gatewayOrigins(c.gateway);
  const base = new URL(c.gateway.baseUrl);
  const sandbox = c.testMode && base.protocol === "http:" ? [`http://${base.hostname}:*`] : [];
  return { gateway, remote: ["https:", ...gateway, ...sandbox] };
}
