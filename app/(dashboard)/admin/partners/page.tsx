// /admin/partners: delete a partner at the gateway by its id (contract 4.16). The gateway offers no partner list
// to the dashboard, so the id is typed (checked as a UUID here and on the server) and typed again to confirm.
import type { Metadata } from "next";
import { Forbidden } from "@/components/auth/forbidden";
import { Alert } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/page-header";
import { pageAccess } from "@/server/auth/session";
import { DeletePartnerForm } from "./_components/delete-partner-form";

export const metadata: Metadata = { title: "Partners" };
export const dynamic = "force-dynamic";

export default async function PartnersPage() {
  const { allowed } = await pageAccess("PARTNERS_DELETE");
  if (!allowed) return <Forbidden area="Partners" permission="PARTNERS_DELETE" />;
  return (
    <div className="max-w-2xl space-y-5">
      <PageHeader
        title="Partners"
        description="Delete a partner at the gateway by its partner id (the id given when the partner was created)."
      />
      <Alert tone="warning" title="Deleting a partner cannot be undone">
        The gateway removes the partner for good. Only API keys with the SUPER_ADMIN or PARTNER access level may delete partners; the
        gateway refuses others.
      </Alert>
      <DeletePartnerForm />
    </div>
  );
}
