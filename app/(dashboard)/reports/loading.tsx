// While a report runs: the header, the report form and the table.
import { useTranslations } from "next-intl";
import { ListSkeleton } from "@/components/list/list-skeleton";

export default function ReportsLoading() {
  const t = useTranslations("reports");
  return <ListSkeleton actions={1} filters={4} rows={8} columns={6} label={t("loading")} />;
}
