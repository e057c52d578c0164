// Deleting a partner (contract 4.16): one zod schema for the page's form and the route's path parameter. The id
// is a UUID; it is normalised to lower case (UUIDs are case-insensitive; the gateway writes them in lower case).
import { z } from "zod";

export const partnerIdSchema = z
  .string("Enter the partner id.")
  .trim()
  .min(1, "Enter the partner id.")
  .pipe(z.uuid("A partner id is a UUID, such as 3f5b2c1a-9e8d-4a7b-8c6d-1e2f3a4b5c6d."))
  .transform((id) => id.toLowerCase());

export const deletePartnerSchema = z.object({ partnerId: partnerIdSchema });

export type DeletePartnerInput = z.input<typeof deletePartnerSchema>;
export type DeletePartner = z.output<typeof deletePartnerSchema>;

/** The answer of DELETE /api/admin/partners/[partnerId]: the gateway's confirmation string. */
export interface DeletePartnerResult {
  partnerId: string;
  message: string;
}
