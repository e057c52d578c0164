// POST /api/session/sign-out: end the user's sessions at once (session version bumped), clear the cookie, audit.
// Public so that it also works with an already-expired session; the Origin check still applies.
import { signOutResponse } from "@/server/auth/sign-out";
import { publicRoute } from "@/server/http/route";

export const POST = publicRoute("sign-out: must work whatever the session's state", signOutResponse);
