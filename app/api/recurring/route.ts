// GET /api/recurring: the recurring tokens the ledger holds, grouped per customer e-mail, with each last charge.
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { listRecurringTokens } from "@/server/services/recurring/recurring";

export const GET = route({ permission: "RECURRING_CHARGE" }, async ({ principal }) => {
  const customers = await listRecurringTokens(await appContext({ principal }));
  return Response.json({ customers }, { headers: { "Cache-Control": "no-store" } });
});
