// While the users are read: the header with "New user" and the table.
import { useTranslations } from "next-intl";
import { ListSkeleton } from "@/components/list/list-skeleton";

export default function UsersLoading() {
  const t = useTranslations("users");
  return <ListSkeleton actions={1} rows={8} columns={7} label={t("loading")} />;
}
