"use client";
// "New payment link": the button is all the list page carries; the dialog's form (react-hook-form, the fields, the
// mutation) is fetched when staff first open it, which keeps the page within its JavaScript budget.
import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";

const NewLinkDialog = lazy(() => import("./new-link-dialog").then((m) => ({ default: m.NewLinkDialog })));

export function NewLinkButton() {
  const t = useTranslations("links.new");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t("button")}</Button>
      {open && (
        <Suspense fallback={null}>
          <NewLinkDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
