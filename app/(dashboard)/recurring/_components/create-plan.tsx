"use client";
// "Create plan" on a recurring token. After creation the page refreshes and shows the token's plan (status and
// next date) in place of this button. The dialog (and its form code) is loaded when the button is first pointed
// at, focused or pressed.
import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import type { CreatePlanProps } from "./create-plan-dialog";

const load = () => import("./create-plan-dialog");
const CreatePlanDialog = lazy(() => load().then((m) => ({ default: m.CreatePlanDialog })));
const preload = () => void load().catch(() => undefined);

export function CreatePlan(p: CreatePlanProps) {
  const t = useTranslations("recurring.createPlan");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="secondary" onPointerEnter={preload} onFocus={preload} onClick={() => setOpen(true)}>
        {t("button")}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CreatePlanDialog {...p} onClose={() => setOpen(false)} onDone={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
