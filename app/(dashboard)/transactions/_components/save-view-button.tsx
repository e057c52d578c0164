"use client";
// "Save view": only the button is in the Transactions page's first load; the dialog (react-hook-form, the
// field primitives, validation) is fetched when first wanted, warmed up when the pointer or focus reaches the button.
import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";

const load = () => import("./save-view-dialog");
const SaveViewDialog = lazy(() => load().then((m) => ({ default: m.SaveViewDialog })));

export function SaveViewButton({ query }: { query: string }) {
  const t = useTranslations("transactions.views");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} onPointerEnter={() => void load()} onFocus={() => void load()}>
        {t("save")}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SaveViewDialog query={query} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
