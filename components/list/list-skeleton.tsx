// What a list page shows while its rows load (its loading.tsx): the header, the filter bar when it has one, and the
// table at the real row height, so the rows take the skeleton's place without moving the page.
import { useTranslations } from "next-intl";
import { Skeleton, SkeletonFields, SkeletonHeader, SkeletonTable } from "@/components/ui/skeleton";

export interface ListSkeletonProps {
  /** Filter fields in the search bar above the table; 0 for a list without one. */
  filters?: number;
  rows?: number;
  columns?: number;
  /** Buttons in the header (export, new …). */
  actions?: number;
  label?: string;
}

export function ListSkeleton({ filters = 0, rows = 10, columns = 5, actions = 0, label }: ListSkeletonProps) {
  const t = useTranslations("vocab.list");
  return (
    <div className="space-y-5">
      <SkeletonHeader actions={actions} />
      {filters > 0 && (
        <div aria-hidden="true" className="space-y-4 rounded-md border border-slate-200 bg-white p-4 shadow-xs">
          <SkeletonFields count={filters} className="gap-3 sm:grid-cols-2 lg:grid-cols-4" />
          <Skeleton className="h-9 w-20" />
        </div>
      )}
      <SkeletonTable rows={rows} columns={columns} label={label ?? t("loading")} className="shadow-xs" />
    </div>
  );
}
