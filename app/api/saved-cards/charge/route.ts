// POST /api/saved-cards/charge: a new sale on a saved card token; the same order id and body replays the first result.
import { tokenChargeSchema } from "@/lib/schemas/saved-cards";
import { route } from "@/server/http/route";
import { uiPrefsOfRequest } from "@/server/i18n/translator";
import { appContext } from "@/server/services/app-deps";
import { chargeView } from "@/server/services/saved-cards/new-charge";
import { chargeSavedCard } from "@/server/services/saved-cards/saved-cards";

export const POST = route({ permission: "PAYMENTS_CREATE", body: tokenChargeSchema }, async ({ req, principal, body, ip }) => {
  const result = await chargeSavedCard(await appContext({ principal, ip }), body);
  return Response.json(chargeView(result, uiPrefsOfRequest(req, principal)), { headers: { "Cache-Control": "no-store" } });
});
