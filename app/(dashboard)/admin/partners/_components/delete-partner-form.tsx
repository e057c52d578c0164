"use client";
// Delete a partner: the id is checked with the same schema as the server's, then a dialog asks to type it again;
// Delete stays disabled until the two match. The outcome (the gateway's confirmation string, "no partner with
// this id", or a refusal for the key's access level) is shown on the page after the dialog closes.
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { InputField } from "@/components/ui/field";
import { apiFetch, type ApiError } from "@/lib/api-client";
import type { DeletePartner, DeletePartnerInput, DeletePartnerResult } from "@/lib/schemas/admin-partners";
import { confirmationMatches } from "@/lib/schemas/admin-partners-values";
import { lazyZodResolver } from "@/lib/forms/lazy-zod-resolver";
import { useApiMutation } from "@/lib/use-api-mutation";

type Outcome = { tone: "success" | "error" | "warning"; title: string; text: string; partnerId: string };

const FAILURE_TITLE: Record<string, string> = {
  not_found: "No partner with this id at the gateway",
  gateway_error: "The gateway refused to delete the partner",
  gateway_unavailable: "The gateway is unavailable",
  outcome_unknown: "The gateway did not confirm",
  forbidden: "You may not delete partners",
};

function failure(e: ApiError, partnerId: string): Outcome {
  return {
    tone: e.code === "outcome_unknown" ? "warning" : "error",
    title: FAILURE_TITLE[e.code] ?? "The partner could not be deleted",
    text: e.code === "not_found" ? "The gateway answered 404 for this id, so nothing was deleted. Check the id and try again." : e.message,
    partnerId,
  };
}

export function DeletePartnerForm() {
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<DeletePartnerInput, unknown, DeletePartner>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/admin-partners").then((m) => m.deletePartnerSchema)),
    defaultValues: { partnerId: "" },
  });

  const onSubmit = handleSubmit((values) => {
    setOutcome(null);
    setPendingId(values.partnerId);
  });

  const onDone = (result: Outcome) => {
    setPendingId(null);
    setOutcome(result);
    if (result.tone === "success") reset({ partnerId: "" });
  };
  // The outcome, success or not, is shown on the page after the dialog closes.
  const remove = useApiMutation({
    mutationFn: (partnerId: string) =>
      apiFetch<DeletePartnerResult>(`/api/admin/partners/${encodeURIComponent(partnerId)}`, { method: "DELETE" }),
    fallbackMessage: "The request failed.",
    onSuccess: (r, partnerId) => onDone({ tone: "success", title: "Partner deleted", text: r.message, partnerId }),
    onError: (e, partnerId) => onDone(failure(e, partnerId)),
  });
  const busy = remove.pending;

  return (
    <>
      {outcome && (
        <Alert tone={outcome.tone} title={outcome.title} className="mb-4">
          <p>
            Partner <bdi dir="ltr">{outcome.partnerId}</bdi>
          </p>
          <p dir="auto" className="mt-1">
            {outcome.text}
          </p>
        </Alert>
      )}
      <Card title="Delete a partner">
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <InputField
            label="Partner id"
            required
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            placeholder="3f5b2c1a-9e8d-4a7b-8c6d-1e2f3a4b5c6d"
            hint="A UUID: 32 hexadecimal digits in groups of 8-4-4-4-12."
            error={errors.partnerId?.message}
            {...register("partnerId")}
          />
          <Button type="submit" variant="danger">
            Delete partner…
          </Button>
        </form>
      </Card>
      <Dialog
        open={pendingId !== null}
        onClose={() => setPendingId(null)}
        title="Delete this partner?"
        description="The gateway deletes the partner for good. This cannot be undone."
        busy={busy}
      >
        {pendingId && (
          <ConfirmDelete
            partnerId={pendingId}
            busy={busy}
            onDelete={() => void remove.submit(pendingId)}
            onCancel={() => setPendingId(null)}
          />
        )}
      </Dialog>
    </>
  );
}

interface ConfirmDeleteProps {
  partnerId: string;
  busy: boolean;
  onDelete: () => void;
  onCancel: () => void;
}

function ConfirmDelete({ partnerId, busy, onDelete, onCancel }: ConfirmDeleteProps) {
  const [typed, setTyped] = useState("");
  const idText = useId();
  const matches = confirmationMatches(typed, partnerId);

  const remove = () => {
    if (matches && !busy) onDelete();
  };

  return (
    <div className="space-y-4">
      <p id={idText}>
        Partner id:{" "}
        <bdi dir="ltr" className="font-mono text-xs break-all">
          {partnerId}
        </bdi>
      </p>
      <InputField
        label="Type the partner id to confirm"
        required
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
        data-autofocus
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        // Enter alone never deletes: the button must be pressed.
        onKeyDown={(e) => {
          if (e.key === "Enter") e.preventDefault();
        }}
        aria-describedby={idText}
        hint={typed && !matches ? "Not the same id yet." : undefined}
        disabled={busy}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" onClick={remove} disabled={!matches} loading={busy}>
          Delete partner
        </Button>
      </div>
    </div>
  );
}
