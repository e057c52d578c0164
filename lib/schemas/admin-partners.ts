// Deleting a partner (contract 4.16): one zod schema for the page's form and the route's path parameter. The id
// is a UUID; it is normalised to lower case (UUIDs are case-insensitive; the gateway writes them in lower case).
import { z } from "./zod";
import { vmsg } from "./messages";

export const partnerIdSchema = z
  .string(vmsg("ids.enterPartner"))
  .trim()
  .min(1, vmsg("ids.enterPartner"))
  .pipe(z.uuid(vmsg("ids.partnerUuid")))
  .transform((id) => id.toLowerCase());

export const deletePartnerSchema = z.object({ partnerId: partnerIdSchema });

export type DeletePartnerInput = z.input<typeof deletePartnerSchema>;
export type DeletePartner = z.output<typeof deletePartnerSchema>;

/** The answer of DELETE /api/admin/partners/[partnerId]: the gateway's confirmation string. */
export interface DeletePartnerResult {
  partnerId: string;
  message: string;
}
