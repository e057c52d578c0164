// While the refunds are read: the header, the approval queue's card and the table of recent refunds.
import { useTranslations } from "next-intl";
import { SkeletonHeader, SkeletonPanel, SkeletonTable } from "@/components/ui/skeleton";

export default function RefundsLoading() {
  const t = useTranslations("refunds");
  return (
    <div className="space-y-6">
      <SkeletonHeader />
      <SkeletonPanel lines={1} />
      <SkeletonTable rows={8} columns={7} label={t("loading")} className="shadow-sm" />
    </div>
  );
}
