// DELETE /api/admin/partners/[partnerId]: delete a partner at the gateway; answers with the gateway's confirmation.
import { deletePartnerSchema } from "@/lib/schemas/admin-partners";
import { route } from "@/server/http/route";
import { appContext } from "@/server/services/app-deps";
import { deletePartner } from "@/server/services/admin/partners/delete-partner";

export const DELETE = route({ permission: "PARTNERS_DELETE", params: deletePartnerSchema }, async ({ principal, params, ip }) => {
  return deletePartner(await appContext({ principal, ip }), { partnerId: params.partnerId });
});
