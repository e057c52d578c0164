// What /admin/users/[userId] shows when the dashboard knows no such user.
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button-styles";

export default function UserNotFound() {
  return (
    <div className="max-w-xl space-y-3">
      <h1 className="text-xl font-semibold tracking-tight text-slate-900">No such user</h1>
      <p className="text-sm text-slate-600">The dashboard has no user with this id. The link may be wrong.</p>
      <Link href="/admin/users" className={buttonClasses({ variant: "secondary" })}>
        Back to users
      </Link>
    </div>
  );
}
