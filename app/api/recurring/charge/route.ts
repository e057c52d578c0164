// POST /api/recurring/charge: "charge now" on a recurring token of the ledger, through v2 JSON or the form call.
import { recurringChargeSchema } from "@/lib/schemas/recurring";
import { route } from "@/server/http/route";
import { uiPrefsOfRequest } from "@/server/i18n/translator";
import { appContext } from "@/server/services/app-deps";
import { chargeRecurring } from "@/server/services/recurring/recurring";
import { chargeView } from "@/server/services/saved-cards/new-charge";

export const POST = route({ permission: "RECURRING_CHARGE", body: recurringChargeSchema }, async ({ req, principal, body, ip }) => {
  const result = await chargeRecurring(await appContext({ principal, ip }), body);
  return Response.json(chargeView(result, uiPrefsOfRequest(req, principal)), { headers: { "Cache-Control": "no-store" } });
});
