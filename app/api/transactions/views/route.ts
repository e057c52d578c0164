// GET/POST /api/transactions/views: the signed-in user's saved views of the transactions list; save a new one.
import { createSavedViewSchema } from "@/lib/transactions/saved-view";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { createSavedView } from "@/server/services/transactions/create-saved-view";
import { listSavedViews } from "@/server/services/transactions/list-saved-views";

export const GET = route({ permission: "TRANSACTIONS_VIEW" }, async ({ principal }) => {
  return { views: await listSavedViews(await appContext({ principal })) };
});

export const POST = route({ permission: "TRANSACTIONS_VIEW", body: createSavedViewSchema }, async ({ principal, body, ip }) => {
  const view = await createSavedView(await appContext({ principal, ip }), body);
  return Response.json({ view }, { status: 201, headers: { "Cache-Control": "no-store" } });
});
