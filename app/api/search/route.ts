// GET /api/search?q=: search from anywhere (the header's box and Ctrl/Cmd+K). Any signed-in person may search; each
// group of results is there only when they may open that area (payments, customers, links, users).
import { searchQuerySchema } from "@/lib/schemas/search";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { searchEverywhere } from "@/server/services/search/search-everywhere";

export const GET = route({ permission: "authenticated", query: searchQuerySchema }, async ({ principal, query }) =>
  Response.json(await searchEverywhere(await appContext({ principal }), query.q), { headers: { "Cache-Control": "no-store" } }),
);
