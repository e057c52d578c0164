// Path parameter schemas shared by route handlers.
import { z } from "zod";

export const paymentParams = z.object({ id: z.uuid("Not a payment id.") });
export const actionParams = z.object({ actionId: z.uuid("Not a refund id.") });
