"use client";
// "Edit" on a plan's row: opens the edit dialog (loaded when the button is first pointed at, focused or pressed). An
// ended or cancelled plan shows the button disabled with the reason; the server refuses the same edits.
import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import type { EditPlanProps } from "./edit-plan-dialog";

const load = () => import("./edit-plan-dialog");
const EditPlanDialog = lazy(() => load().then((m) => ({ default: m.EditPlanDialog })));
const preload = () => void load().catch(() => undefined);

export function EditPlan({ live, ...p }: EditPlanProps & { live: boolean }) {
  const t = useTranslations("recurring");
  const [open, setOpen] = useState(false);
  const name = t("plans.actions.label", { title: t("editPlan.title"), plan: p.label });
  if (!live) {
    return (
      <Button size="sm" variant="secondary" aria-label={name} disabledReason={t("editPlan.notLive")}>
        {t("editPlan.button")}
      </Button>
    );
  }
  return (
    <>
      <Button size="sm" variant="secondary" aria-label={name} onPointerEnter={preload} onFocus={preload} onClick={() => setOpen(true)}>
        {t("editPlan.button")}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <EditPlanDialog {...p} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
