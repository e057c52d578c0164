"use client";
// "New user" on the Users page: only the button is in the page's first load; the dialog (its form, validation and
// the field primitives) is fetched when first wanted, warmed up when the pointer or focus reaches the button.
import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import type { NewUserDialogProps } from "./new-user-dialog";

const load = () => import("./new-user-dialog");
const NewUserDialog = lazy(() => load().then((m) => ({ default: m.NewUserDialog })));

export function NewUserButton(props: Omit<NewUserDialogProps, "onClose">) {
  const t = useTranslations("users");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} onPointerEnter={() => void load()} onFocus={() => void load()}>
        {t("newUser")}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <NewUserDialog {...props} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
