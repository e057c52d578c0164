// While the customers are read: the header, the search bar and the list. In a route group of its own so that it
// does not wrap the customer page (an unknown key must answer 404, not a 200 with a skeleton streamed first).
import { useTranslations } from "next-intl";
import { ListSkeleton } from "@/components/list/list-skeleton";

export default function CustomersLoading() {
  const t = useTranslations("customers");
  return <ListSkeleton filters={1} rows={10} columns={4} label={t("loading")} />;
}
