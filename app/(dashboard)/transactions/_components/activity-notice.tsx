// Says what a figure's link from the Overview is showing: "Refunds completed 9–15 Mar 2026 (Asia/Riyadh)", that
// the dates bound the event (not when the payment was made), and a way back to the plain list.
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { brandLabel } from "@/lib/card-label";
import { ACTIVITY_LABEL, type Activity } from "@/lib/reports/activity";

const WHEN: Record<Activity, string> = {
  gross: "sold or captured",
  sales: "made",
  captures: "captured",
  refunds: "refunded",
  voids: "voided",
  declines: "made",
  attempts: "made",
  approved: "made",
};

export function ActivityNotice(props: { activity: Activity; from?: string; to?: string; zone: string; brand?: string; clearHref: string }) {
  const days = props.from && props.to ? (props.from === props.to ? `on ${props.from}` : `from ${props.from} to ${props.to}`) : null;
  const brand = props.brand
    ? props.brand.toLowerCase() === "none"
      ? "card brand not known"
      : `${brandLabel(props.brand) ?? props.brand} cards`
    : null;
  return (
    <Alert
      tone="info"
      title={`${ACTIVITY_LABEL[props.activity]}${brand ? `, ${brand}` : ""}`}
      action={
        <Link href={props.clearHref} className="font-medium underline underline-offset-2">
          Show every payment
        </Link>
      }
    >
      {days ? (
        <>
          Payments {WHEN[props.activity]} <bdi dir="ltr">{days}</bdi> (<bdi dir="ltr">{props.zone}</bdi>): the dates bound when that
          happened, not when the payment was made. The figure on the Overview counts the same payments.
        </>
      ) : (
        <>Every payment {WHEN[props.activity]}, whenever it happened.</>
      )}
    </Alert>
  );
}
