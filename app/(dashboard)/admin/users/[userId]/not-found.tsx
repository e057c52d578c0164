// What /admin/users/[userId] shows when the dashboard knows no such user.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { buttonClasses } from "@/components/ui/button-styles";

export default function UserNotFound() {
  const t = useTranslations("users.user");
  return (
    <div className="max-w-xl space-y-3">
      <h1 className="text-xl font-semibold tracking-tight text-slate-900">{t("notFoundTitle")}</h1>
      <p className="text-sm text-slate-600">{t("notFoundBody")}</p>
      <Link href="/admin/users" className={buttonClasses({ variant: "secondary" })}>
        {t("back")}
      </Link>
    </div>
  );
}
