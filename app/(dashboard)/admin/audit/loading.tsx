// While the audit log is read and its chain checked: the header, the filters and the table.
import { useTranslations } from "next-intl";
import { ListSkeleton } from "@/components/list/list-skeleton";

export default function AuditLoading() {
  const t = useTranslations("audit");
  return <ListSkeleton actions={1} filters={4} rows={10} columns={7} label={t("loading")} />;
}
