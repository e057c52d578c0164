// Pieces of a payment link shared by the list's table (wide screens) and its cards (phones): the order with its
// product line, the status badge and the actions (copy, QR code, cancel) — written once, rendered in either layout.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { formatMoney } from "@/lib/money";
import { LINK_STATUS_TONE, linkCancellable } from "@/lib/payment-link-status";
import type { LinkView } from "@/server/services/payments/links/list-links";
import { CancelLinkButton } from "./cancel-link-button";
import { LinkQr } from "./link-qr";

export function LinkOrder({ l, canView }: { l: LinkView; canView: boolean }) {
  return (
    <>
      {l.status === "paid" && canView ? (
        <Link href={`/transactions/${l.paymentId}`} className="font-medium break-all text-brand-700 hover:underline">
          <bdi dir="ltr">{l.orderId}</bdi>
        </Link>
      ) : (
        <bdi dir="ltr" className="break-all">
          {l.orderId}
        </bdi>
      )}
      {l.description && (
        <span className="block max-w-xs text-xs text-slate-600" dir="auto" data-testid="payment-link-description">
          {l.description}
        </span>
      )}
    </>
  );
}

export function LinkStatusBadge({ l }: { l: LinkView }) {
  const t = useTranslations("links.status");
  return (
    <>
      <Badge tone={LINK_STATUS_TONE[l.status]} dot>
        {t(l.status)}
      </Badge>
      {l.problem && <span className="mt-1 block max-w-xs text-xs text-red-700">{l.problem}</span>}
    </>
  );
}

export function LinkActions({ l, canView }: { l: LinkView; canView: boolean }) {
  const t = useTranslations("links.actions");
  if (l.url && l.status === "waiting") {
    return (
      <div className="flex flex-wrap items-start gap-2">
        <CopyButton value={l.url} label={t("copyLabel", { orderId: l.orderId })}>
          {t("copy")}
        </CopyButton>
        <LinkQr url={l.url} orderId={l.orderId} />
        {linkCancellable(l.status) && (
          <CancelLinkButton paymentId={l.paymentId} orderId={l.orderId} amount={l.amount ? formatMoney(l.amount) : null} />
        )}
      </div>
    );
  }
  if (l.status === "paid" && canView) {
    return (
      <Link href={`/transactions/${l.paymentId}`} className="text-sm text-brand-700 hover:underline">
        {t("view")}
      </Link>
    );
  }
  return null;
}
