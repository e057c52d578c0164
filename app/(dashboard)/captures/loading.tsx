// While the captures queue is read: the header and the table.
import { useTranslations } from "next-intl";
import { ListSkeleton } from "@/components/list/list-skeleton";

export default function CapturesLoading() {
  const t = useTranslations("captures");
  return <ListSkeleton rows={8} columns={7} label={t("loading")} />;
}
