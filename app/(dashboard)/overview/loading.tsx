// While the overview loads its figures: the header, the status and attention cards, the period picker, the figures
// and two charts, each in the space the page will take (no layout shift when it arrives).
import { useTranslations } from "next-intl";
import { Skeleton, SkeletonHeader, SkeletonPanel } from "@/components/ui/skeleton";

export default function OverviewLoading() {
  const t = useTranslations("overview");
  return (
    <div role="status" className="space-y-6">
      <span className="sr-only">{t("loading")}</span>
      <SkeletonHeader />
      <div className="grid gap-3 lg:grid-cols-2">
        <SkeletonPanel lines={2} className="rounded-md shadow-xs" />
        <SkeletonPanel lines={2} className="rounded-md shadow-xs" />
      </div>
      <div aria-hidden="true" className="space-y-4">
        <Skeleton className="h-5 w-28" />
        <div className="flex flex-wrap gap-2">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-8 w-24 rounded-full" />
          ))}
        </div>
        <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-[118px] rounded-md" />
          ))}
        </div>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <Skeleton className="h-[272px] rounded-md" />
          <Skeleton className="h-[272px] rounded-md" />
        </div>
      </div>
    </div>
  );
}
