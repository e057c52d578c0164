// While the payment links are read: the header with its "New link" button and the table.
import { useTranslations } from "next-intl";
import { ListSkeleton } from "@/components/list/list-skeleton";

export default function PaymentLinksLoading() {
  const t = useTranslations("links");
  return <ListSkeleton actions={1} rows={8} columns={8} label={t("loading")} />;
}
