// Says what a figure's link from the Overview is showing: "Refunds completed 9–15 Mar 2026 (Asia/Riyadh)", that
// the dates bound the event (not when the payment was made), and a way back to the plain list.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import { brandLabel } from "@/lib/card-label";
import { activityText } from "@/lib/i18n/vocab";
import type { Activity } from "@/lib/reports/activity";

export function ActivityNotice(props: { activity: Activity; from?: string; to?: string; zone: string; brand?: string; clearHref: string }) {
  const t = useTranslations("transactions.activity");
  const vocab = useTranslations("vocab");
  const days =
    props.from && props.to
      ? props.from === props.to
        ? t("onDay", { day: props.from })
        : t("fromTo", { from: props.from, to: props.to })
      : null;
  const brand = props.brand
    ? props.brand.toLowerCase() === "none"
      ? t("unknownBrand")
      : t("brandCards", { brand: brandLabel(props.brand) ?? props.brand })
    : null;
  const activity = activityText(vocab, props.activity);
  const when = t(`when.${props.activity}`);
  return (
    <Alert
      tone="info"
      title={brand ? t("titleWithBrand", { activity, brand }) : activity}
      action={
        <Link href={props.clearHref} className="font-medium underline underline-offset-2">
          {t("showAll")}
        </Link>
      }
    >
      {days
        ? t.rich("bounded", {
            when,
            days,
            zone: props.zone,
            // The dates read left to right inside the sentence in either language; the zone is an IANA name.
            d: (c) => <bdi>{c}</bdi>,
            z: (c) => <bdi dir="ltr">{c}</bdi>,
          })
        : t("unbounded", { when })}
    </Alert>
  );
}
