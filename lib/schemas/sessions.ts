// Schemas of the sessions operations (own sessions; a super-admin ending another user's), shared by the handlers.
import { z } from "./zod";
import { vmsg } from "./messages";

export const endUserSessionsSchema = z.object({
  /** One session to end; absent: every session of the user. */
  sessionId: z.uuid(vmsg("ids.session")).optional(),
});
export type EndUserSessionsInput = z.infer<typeof endUserSessionsSchema>;
