// While the recurring tokens are read: the header and the table.
import { useTranslations } from "next-intl";
import { ListSkeleton } from "@/components/list/list-skeleton";

export default function RecurringLoading() {
  const t = useTranslations("recurring");
  return <ListSkeleton actions={1} rows={8} columns={6} label={t("loading")} />;
}
