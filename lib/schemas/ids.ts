// Path parameter schemas shared by route handlers.
import { z } from "./zod";
import { vmsg } from "./messages";

export const paymentParams = z.object({ id: z.uuid(vmsg("ids.payment")) });
export const actionParams = z.object({ actionId: z.uuid(vmsg("ids.refund")) });
