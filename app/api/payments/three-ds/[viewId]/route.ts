// GET /api/payments/three-ds/:viewId: the gateway's 3-D Secure page (with a <base> at the gateway), under a sandboxing CSP, only
// to the user who started the payment (anyone else, or after 10 minutes: 404). The proxy leaves CSP to this route.
import { z } from "@/lib/schemas/zod";
import { vmsg } from "@/lib/schemas/messages";
import { errorAnswer } from "@/server/http/errors";
import { route } from "@/server/http/route";
import { threeDsViewHeaders } from "@/server/services/payments/new/three-ds-headers";
import { threeDsSources } from "@/server/gateway/three-ds-sources";
import { appContext } from "@/server/services/app-deps";
import { openThreeDsView } from "@/server/services/payments/new/three-ds-views";

const params = z.object({ viewId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, vmsg("ids.threeDsView")) });

export const GET = route({ permission: "PAYMENTS_CREATE", params }, async ({ req, principal, params }) => {
  const ctx = await appContext({ principal });
  const view = await openThreeDsView(ctx, { viewId: params.viewId });
  if (!view)
    return errorAnswer(
      { req, principal },
      "not_found",
      "payments.threeDsViewGone",
      {},
      { "Content-Security-Policy": "default-src 'none'; frame-ancestors 'self'" },
    );
  const config = ctx.deps.config;
  return new Response(view.html, {
    status: 200,
    headers: threeDsViewHeaders({ sources: threeDsSources(config), appOrigin: new URL(config.appUrl).origin }),
  });
});
