// POST /api/webhooks/gateway/:secret: the gateway's notifications. No session and no Origin check (a server-to-
// server caller); authenticated by the unguessable path secret and by each notification's hash.
import { notificationDelivery, notificationResponse } from "@/server/http/notification-response";
import { publicRoute } from "@/server/http/route";
import { appDeps } from "@/server/services/app-deps";
import { receiveGatewayNotification } from "@/server/services/notifications/receive-notification";

export const dynamic = "force-dynamic";

export const POST = publicRoute(
  "gateway notifications: server-to-server, authenticated by the path secret and the callback hash",
  async (req, ctx) => {
    const params = (await ctx.params) ?? {};
    const secret = typeof params.secret === "string" ? params.secret : "";
    return notificationResponse(await receiveGatewayNotification(await appDeps(), notificationDelivery(req, secret)));
  },
  // Logged as the route pattern: the path segment is the receiver's secret.
  { checkOrigin: false, logPath: "/api/webhooks/gateway/[secret]" },
);
