// POST /api/account/sessions/end-others: sign out every other session of the signed-in user (this one stays).
import { getDatabase } from "@/server/db";
import { route } from "@/server/http/route";
import { endOtherSessions } from "@/server/services/account/end-other-sessions";

export const POST = route({ permission: "authenticated" }, async ({ principal, ip }) => {
  const { db } = await getDatabase();
  return endOtherSessions(db, principal, ip);
});
