// While the new-role form is prepared: the header and the form's card (not the roles list's skeleton around it).
import { useTranslations } from "next-intl";
import { SkeletonHeader, SkeletonPanel } from "@/components/ui/skeleton";

export default function NewRoleLoading() {
  const t = useTranslations("roles.new");
  return (
    <div role="status" className="max-w-5xl space-y-6">
      <span className="sr-only">{t("loading")}</span>
      <SkeletonHeader back />
      <SkeletonPanel lines={10} />
    </div>
  );
}
