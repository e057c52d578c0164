// While the gateway searches the branches: the header, the search bar and a page of ten rows.
import { useTranslations } from "next-intl";
import { ListSkeleton } from "@/components/list/list-skeleton";

export default function BranchesLoading() {
  const t = useTranslations("branches");
  return <ListSkeleton filters={3} rows={10} columns={6} label={t("loading")} />;
}
