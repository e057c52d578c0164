// GET /api/account/sessions: the signed-in user's live sessions (browser, IP, first and last seen, this browser).
import { getDatabase } from "@/server/db";
import { env } from "@/server/env";
import { route } from "@/server/http/route";
import { listOwnSessions } from "@/server/services/account/list-own-sessions";

export const GET = route({ permission: "authenticated" }, async ({ principal }) => {
  const { db } = await getDatabase();
  return { sessions: await listOwnSessions(db, principal, env().session) };
});
