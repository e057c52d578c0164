// While a user's sessions are read: the header and the sessions card.
import { useTranslations } from "next-intl";
import { SkeletonHeader, SkeletonTable } from "@/components/ui/skeleton";

export default function UserLoading() {
  const t = useTranslations("users.user");
  return (
    <div className="space-y-6">
      <SkeletonHeader actions={1} />
      <SkeletonTable rows={3} columns={5} label={t("loading")} />
    </div>
  );
}
