"use client";
// "New schedule": the button; the dialog (and its form code) loads when the button is first pointed at, focused
// or pressed.
import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";

const load = () => import("./new-schedule-dialog");
const NewScheduleDialog = lazy(() => load().then((m) => ({ default: m.NewScheduleDialog })));
const preload = () => void load().catch(() => undefined);

/** `domains`: where reports go without a second person's approval (shown in the dialog's hint). */
export function NewSchedule({ timeZone, domains }: { timeZone: string; domains: string[] }) {
  const t = useTranslations("reports");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onPointerEnter={preload} onFocus={preload} onClick={() => setOpen(true)}>
        {t("schedules.newSchedule")}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <NewScheduleDialog timeZone={timeZone} domains={domains} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
