// The route wrapper bound to the real session and configuration. Every app/api/**/route.ts uses these.
import "server-only";
import { sessionFromRequest } from "../auth/session";
import { env } from "../env";
import { requestIp } from "./request-ip";
import { createRoute } from "./route-core";

export const { route, publicRoute } = createRoute({
  getSession: sessionFromRequest,
  appUrl: () => env().appUrl,
  clientIp: requestIp,
});
