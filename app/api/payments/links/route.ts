// POST /api/payments/links: create a payment link (hosted checkout); GET: the latest links with their status.
import { createLinkSchema } from "@/lib/schemas/payment-links";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { createPaymentLink } from "@/server/services/payments/links/create-link";
import { listPaymentLinks } from "@/server/services/payments/links/list-links";

export const POST = route({ permission: "PAYMENTS_CREATE", body: createLinkSchema }, async ({ principal, body, ip }) => {
  const link = await createPaymentLink(await appContext({ principal, ip }), body);
  return Response.json(link, { status: 201, headers: { "Cache-Control": "no-store" } });
});

export const GET = route({ permission: "PAYMENTS_CREATE" }, async ({ principal }) => {
  const ctx = await appContext({ principal });
  return { links: await listPaymentLinks(ctx) };
});
