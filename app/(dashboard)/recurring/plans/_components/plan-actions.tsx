"use client";
// Edit, pause, resume and cancel a billing plan; pause, resume and cancel each behind a confirmation dialog that says
// what will happen. The buttons shown follow the status rules (active: pause, cancel; paused: resume, cancel;
// cancelled or ended: none, and Edit disabled with the reason); the server enforces the same rules.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { InputField } from "@/components/ui/field";
import { apiFetch, ApiError } from "@/lib/api-client";
import { useApiMutation } from "@/lib/use-api-mutation";
import type { PlanStatus } from "@/lib/schemas/billing-plans";
import { isLivePlan } from "@/lib/schemas/billing-plans-values";
import { EditPlan } from "./edit-plan";
import type { EditPlanProps } from "./edit-plan-dialog";

type Change = "pause" | "resume" | "cancel";

// The words are recurring.plans.actions.<change>Title / <change>Text (the title is also the confirm button).
const VARIANT: Record<Change, "primary" | "danger"> = { pause: "primary", resume: "primary", cancel: "danger" };

export function PlanActions({ status, edit }: { status: PlanStatus; edit: EditPlanProps }) {
  const t = useTranslations("recurring.plans.actions");
  const { planId, label } = edit;
  const [change, setChange] = useState<Change | null>(null);
  const allowed: Change[] = status === "active" ? ["pause", "cancel"] : status === "paused" ? ["resume", "cancel"] : [];
  return (
    <div className="flex flex-wrap gap-2">
      <EditPlan {...edit} live={isLivePlan(status)} />
      {allowed.map((c) => (
        <Button
          key={c}
          size="sm"
          variant={c === "cancel" ? "ghost" : "secondary"}
          onClick={() => setChange(c)}
          aria-label={t("label", { title: t(`${c}Title`), plan: label })}
        >
          {t(c)}
        </Button>
      ))}
      {change && <ChangeDialog planId={planId} change={change} label={label} onClose={() => setChange(null)} />}
    </div>
  );
}

function ChangeDialog({ planId, change, label, onClose }: { planId: string; change: Change; label: string; onClose(): void }) {
  const t = useTranslations("recurring.plans.actions");
  const [reason, setReason] = useState("");
  const { submit, pending, error } = useApiMutation({
    mutationFn: async () => {
      // The route's own schema, loaded on use (zod stays out of the page's first load).
      const body =
        change === "pause"
          ? (await import("@/lib/schemas/billing-plans")).pausePlanSchema.safeParse({ reason: reason || undefined })
          : null;
      if (body && !body.success) throw new ApiError(0, "validation_failed", body.error.issues[0]?.message ?? t("checkReason"));
      return apiFetch(`/api/recurring/plans/${planId}/${change}`, { method: "POST", body: body ? body.data : undefined });
    },
    refresh: true,
    onSuccess: onClose,
  });
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title={t(`${change}Title`)}
      subject={<span dir="auto">{label}</span>}
      confirmLabel={t(`${change}Title`)}
      variant={VARIANT[change]}
      onConfirm={() => void submit()}
      pending={pending}
      error={error}
    >
      <p>{t(`${change}Text`)}</p>
      {change === "pause" && (
        <div className="mt-3">
          <InputField label={t("reason")} autoComplete="off" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} />
        </div>
      )}
    </ConfirmDialog>
  );
}
