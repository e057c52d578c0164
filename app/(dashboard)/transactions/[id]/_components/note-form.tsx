"use client";
// "Add a note" under a payment's notes: the text goes to POST /api/transactions/<id>/notes, the page's notes and
// timeline refresh with it. A card number is refused here before it leaves the browser (and again by the server).
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextareaField } from "@/components/ui/field";
import { apiFetch } from "@/lib/api-client";
import { containsCardNumber } from "@/lib/card-data";
import { vmsg } from "@/lib/schemas/messages";
import { NOTE_MAX_LENGTH } from "@/lib/schemas/payment-notes-values";
import { useApiMutation } from "@/lib/use-api-mutation";

export function NoteForm({ paymentId }: { paymentId: string }) {
  const t = useTranslations("payment.notes");
  const [body, setBody] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [added, setAdded] = useState(false);
  const { submit, pending, error } = useApiMutation({
    mutationFn: (vars: { body: string }) => apiFetch(`/api/transactions/${paymentId}/notes`, { method: "POST", body: vars }),
    form: { fields: ["body"] as const, setError: (_name, e) => setFieldError(e.message) },
    refresh: true,
    onSuccess: () => {
      setBody("");
      setAdded(true);
    },
  });
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setAdded(false);
    const text = body.trim();
    if (!text) return setFieldError(vmsg("notes.empty"));
    if (containsCardNumber(text)) return setFieldError(vmsg("notes.cardNumber"));
    setFieldError(null);
    void submit({ body: text });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <TextareaField
        label={t("label")}
        name="body"
        rows={3}
        maxLength={NOTE_MAX_LENGTH}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        placeholder={t("placeholder")}
        error={fieldError ?? undefined}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" size="sm" loading={pending}>
          {t("add")}
        </Button>
        <p role="status" className="text-sm text-slate-600">
          {error ?? (added ? t("added") : null)}
        </p>
      </div>
    </form>
  );
}
