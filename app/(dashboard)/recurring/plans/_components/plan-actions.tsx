"use client";
// Pause, resume and cancel a billing plan, each behind a confirmation dialog that says what will happen. The
// buttons shown follow the status rules (active: pause, cancel; paused: resume, cancel; cancelled: none); the
// server enforces the same rules.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { InputField } from "@/components/ui/field";
import { apiFetch, ApiError } from "@/lib/api-client";
import { useApiMutation } from "@/lib/use-api-mutation";
import type { PlanStatus } from "@/lib/schemas/billing-plans";

type Change = "pause" | "resume" | "cancel";

const COPY: Record<Change, { title: string; confirm: string; text: string; variant: "primary" | "danger" }> = {
  pause: {
    title: "Pause plan",
    confirm: "Pause plan",
    text: "No new charge is made until the plan is resumed. A charge already sent to the gateway still completes.",
    variant: "primary",
  },
  resume: {
    title: "Resume plan",
    confirm: "Resume plan",
    text: "The unpaid cycle is charged on its date, or at the scheduler's next pass if that date has passed. The retry count starts again.",
    variant: "primary",
  },
  cancel: {
    title: "Cancel plan",
    confirm: "Cancel plan",
    text: "The plan ends for good: no further charge is made, and it cannot be resumed. Charges already made are not refunded.",
    variant: "danger",
  },
};

export function PlanActions({ planId, status, label }: { planId: string; status: PlanStatus; label: string }) {
  const [change, setChange] = useState<Change | null>(null);
  const allowed: Change[] = status === "active" ? ["pause", "cancel"] : status === "paused" ? ["resume", "cancel"] : [];
  if (allowed.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <div className="flex flex-wrap gap-2">
      {allowed.map((c) => (
        <Button
          key={c}
          size="sm"
          variant={c === "cancel" ? "ghost" : "secondary"}
          onClick={() => setChange(c)}
          aria-label={`${COPY[c].title}: ${label}`}
        >
          {c === "pause" ? "Pause" : c === "resume" ? "Resume" : "Cancel"}
        </Button>
      ))}
      {change && <ChangeDialog planId={planId} change={change} label={label} onClose={() => setChange(null)} />}
    </div>
  );
}

function ChangeDialog({ planId, change, label, onClose }: { planId: string; change: Change; label: string; onClose(): void }) {
  const [reason, setReason] = useState("");
  const copy = COPY[change];
  const { submit, pending, error } = useApiMutation({
    mutationFn: async () => {
      // The route's own schema, loaded on use (zod stays out of the page's first load).
      const body =
        change === "pause"
          ? (await import("@/lib/schemas/billing-plans")).pausePlanSchema.safeParse({ reason: reason || undefined })
          : null;
      if (body && !body.success) throw new ApiError(0, "validation_failed", body.error.issues[0]?.message ?? "Check the reason.");
      return apiFetch(`/api/recurring/plans/${planId}/${change}`, { method: "POST", body: body ? body.data : undefined });
    },
    refresh: true,
    onSuccess: onClose,
  });
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title={copy.title}
      subject={<span dir="auto">{label}</span>}
      confirmLabel={copy.confirm}
      variant={copy.variant}
      onConfirm={() => void submit()}
      pending={pending}
      error={error}
    >
      <p>{copy.text}</p>
      {change === "pause" && (
        <div className="mt-3">
          <InputField
            label="Reason (optional)"
            autoComplete="off"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={200}
          />
        </div>
      )}
    </ConfirmDialog>
  );
}
