// While a role is read from the gateway: the header and the edit form's card.
import { useTranslations } from "next-intl";
import { SkeletonHeader, SkeletonPanel } from "@/components/ui/skeleton";

export default function RoleLoading() {
  const t = useTranslations("roles.role");
  return (
    <div role="status" className="max-w-5xl space-y-6">
      <span className="sr-only">{t("loading")}</span>
      <SkeletonHeader back />
      <SkeletonPanel lines={10} />
      <SkeletonPanel lines={3} />
    </div>
  );
}
