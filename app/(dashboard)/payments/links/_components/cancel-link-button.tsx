"use client";
// "Cancel link" on a link that is not paid: the button is all the list carries; the confirmation (and its
// mutation code) is fetched when staff ask, so the list page stays within its JavaScript budget.
import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import type { MoneyText } from "./cancel-link-dialog";

const CancelLinkDialog = lazy(() => import("./cancel-link-dialog").then((m) => ({ default: m.CancelLinkDialog })));

export function CancelLinkButton(p: { paymentId: string; orderId: string; amount: MoneyText }) {
  const t = useTranslations("links.actions");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)} aria-label={t("cancelLabel", { orderId: p.orderId })}>
        {t("cancel")}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CancelLinkDialog {...p} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
