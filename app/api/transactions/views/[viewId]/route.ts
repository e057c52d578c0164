// DELETE /api/transactions/views/[viewId]: delete one of the signed-in user's own saved views.
import { savedViewParamsSchema } from "@/lib/transactions/saved-view";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { deleteSavedView } from "@/server/services/transactions/delete-saved-view";

export const DELETE = route({ permission: "TRANSACTIONS_VIEW", params: savedViewParamsSchema }, async ({ principal, params, ip }) => {
  await deleteSavedView(await appContext({ principal, ip }), { viewId: params.viewId });
  return { ok: true };
});
