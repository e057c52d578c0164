// GET /api/admin/branches: one page of the merchant's branches at the gateway (text, status, page number from 0, size).
import { branchSearchQuerySchema } from "@/lib/schemas/admin-branches";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { searchBranches } from "@/server/services/admin/branches/search-branches";

export const GET = route({ permission: "BRANCHES_VIEW", query: branchSearchQuerySchema }, async ({ principal, query }) => {
  return searchBranches(await appContext({ principal }), query);
});
