// POST /api/webhooks/gateway: the gateway's notifications with the receiver's secret in an `X-Webhook-Secret`
// header instead of the path, for a gateway (or a relay in front of the dashboard) that can send one. The path
// then holds nothing secret, so a proxy's access log cannot leak it. Same receiver, same answers, same hash check
// as /api/webhooks/gateway/:secret; no session and no Origin check (a server-to-server caller).
import { notificationDelivery, notificationResponse } from "@/server/http/notification-response";
import { publicRoute } from "@/server/http/route";
import { appDeps } from "@/server/services/app-deps";
import { receiveGatewayNotification } from "@/server/services/notifications/receive-notification";

export const dynamic = "force-dynamic";

const WEBHOOK_SECRET_HEADER = "x-webhook-secret";

export const POST = publicRoute(
  "gateway notifications: server-to-server, authenticated by the X-Webhook-Secret header and the callback hash",
  async (req) => {
    const secret = req.headers.get(WEBHOOK_SECRET_HEADER) ?? "";
    return notificationResponse(await receiveGatewayNotification(await appDeps(), notificationDelivery(req, secret)));
  },
  { checkOrigin: false },
);
