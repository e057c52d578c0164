// POST /api/account/sessions/end-others: sign out every other session of the signed-in user (this one stays).
import { route } from "@/server/http/route";
import { endOtherSessions } from "@/server/services/account/end-other-sessions";
import { appContext } from "@/server/services/app-deps";

export const POST = route({ permission: "authenticated" }, async ({ principal, ip }) =>
  endOtherSessions(await appContext({ principal, ip })),
);
