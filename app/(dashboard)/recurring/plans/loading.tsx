// While the billing plans are read: the header and the plans table.
import { useTranslations } from "next-intl";
import { ListSkeleton } from "@/components/list/list-skeleton";

export default function PlansLoading() {
  const t = useTranslations("recurring.plans");
  return <ListSkeleton actions={1} rows={8} columns={7} label={t("loading")} />;
}
