// GET /api/account/sessions: the signed-in user's live sessions (browser, IP, first and last seen, this browser).
import { route } from "@/server/http/route";
import { listOwnSessions } from "@/server/services/account/list-own-sessions";
import { appContext } from "@/server/services/app-deps";

export const GET = route({ permission: "authenticated" }, async ({ principal }) => ({
  sessions: await listOwnSessions(await appContext({ principal })),
}));
