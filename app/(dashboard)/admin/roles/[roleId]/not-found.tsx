// What /admin/roles/[roleId] shows when the gateway (or the dashboard) knows no such role.
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button-styles";

export default function RoleNotFound() {
  return (
    <div className="max-w-xl space-y-3">
      <h1 className="text-xl font-semibold tracking-tight text-slate-900">No such role at the gateway</h1>
      <p className="text-sm text-slate-600">The gateway does not know this role. It may have been removed there, or the link is wrong.</p>
      <Link href="/admin/roles" className={buttonClasses({ variant: "secondary" })}>
        Back to roles
      </Link>
    </div>
  );
}
