// GET /api/payments/three-ds/:viewId: the gateway's 3-D Secure page, unmodified, under a sandboxing CSP, only
// to the user who started the payment (anyone else, or after 10 minutes: 404). The proxy leaves CSP to this route.
import { z } from "zod";
import { errorJson } from "@/server/http/errors";
import { route } from "@/server/http/route";
import { getDatabase } from "@/server/db";
import { env } from "@/server/env";
import { threeDsViewHeaders } from "@/server/services/payments/new/three-ds-headers";
import { readThreeDsView } from "@/server/services/payments/new/three-ds-views";

const params = z.object({ viewId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "Not a view id.") });

export const GET = route({ permission: "PAYMENTS_CREATE", params }, async ({ principal, params }) => {
  const { db } = await getDatabase();
  const view = await readThreeDsView(db, params.viewId, principal.userId);
  if (!view) return errorJson("not_found", "This verification page has expired or does not exist.", {}, { "Content-Security-Policy": "default-src 'none'; frame-ancestors 'self'" });
  const config = env();
  const gatewayOrigins = [new URL(config.gateway.baseUrl).origin, new URL(config.gateway.apiUrl).origin];
  return new Response(view.html, { status: 200, headers: threeDsViewHeaders({ gatewayOrigins, appOrigin: new URL(config.appUrl).origin }) });
});
