// What /admin/roles/[roleId] shows when the gateway (or the dashboard) knows no such role.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { buttonClasses } from "@/components/ui/button-styles";

export default function RoleNotFound() {
  const t = useTranslations("roles.role");
  return (
    <div className="max-w-xl space-y-3">
      <h1 className="text-xl font-semibold tracking-tight text-slate-900">{t("notFoundTitle")}</h1>
      <p className="text-sm text-slate-600">{t("notFoundBody")}</p>
      <Link href="/admin/roles" className={buttonClasses({ variant: "secondary" })}>
        {t("back")}
      </Link>
    </div>
  );
}
