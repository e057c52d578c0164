// While the gateway searches the roles: the header, the search bar and the table.
import { useTranslations } from "next-intl";
import { ListSkeleton } from "@/components/list/list-skeleton";

export default function RolesLoading() {
  const t = useTranslations("roles");
  return <ListSkeleton actions={2} filters={2} rows={10} columns={5} label={t("loading")} />;
}
