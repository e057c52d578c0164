// The route wrapper bound to the real session and configuration. Every app/api/**/route.ts uses these.
import "server-only";
import { sessionFromRequest } from "../auth/session";
import { env } from "../env";
import { requestIp } from "./request-ip";
import { createRoute } from "./route-core";
import { createDenialLimiter, recordDenial } from "../audit/denials";
import { getDatabase } from "../db";
import { logger } from "../log/logger";
import { currentRequestId } from "../log/request-context";

const denials = createDenialLimiter();

export const { route, publicRoute } = createRoute({
  getSession: sessionFromRequest,
  allowedOrigins: () => env().allowedOrigins,
  clientIp: requestIp,
  async onDenied(d) {
    try {
      const { db } = await getDatabase();
      await recordDenial(
        db,
        denials,
        {
          actorId: d.principal.userId,
          actorEmail: d.principal.email,
          sessionId: d.principal.sessionId,
          method: d.method,
          path: d.path,
          code: d.code,
          permission: d.permission,
          ip: d.ip,
          requestId: currentRequestId(),
        },
        (event, fields) => logger.warn(event, fields),
      );
    } catch (e) {
      logger.error("authz.denied_not_recorded", { path: d.path, error: e instanceof Error ? e.message : String(e) });
    }
  },
});
