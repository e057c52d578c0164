// POST /api/saved-cards/lookup: the saved cards of a customer (and the billing address to suggest for a charge), by exactly the e-mail used at payment. A POST so
// that the customer's e-mail never lands in a URL (access logs, browser history).
import { savedCardsLookupSchema } from "@/lib/schemas/saved-cards";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { lookupSavedCards } from "@/server/services/saved-cards/saved-cards";

export const POST = route({ permission: "SAVED_CARDS_VIEW", body: savedCardsLookupSchema }, async ({ principal, body }) => {
  return Response.json(await lookupSavedCards(await appContext({ principal }), body), { headers: { "Cache-Control": "no-store" } });
});
