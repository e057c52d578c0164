"use client";
// The "Save view" dialog: names the current filter and keeps it for this user (POST /api/transactions/views),
// validated by the same schema as the server's. Loaded only when the dialog first opens (see save-view-button.tsx).
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { InputField } from "@/components/ui/field";
import { apiFetch } from "@/lib/api-client";
import type { CreateSavedView, CreateSavedViewInput } from "@/lib/transactions/saved-view";
import { savedViewMessageKey } from "@/lib/transactions/saved-view-messages";
import { lazyZodResolver } from "@/lib/forms/lazy-zod-resolver";
import { useApiMutation } from "@/lib/use-api-mutation";

export function SaveViewDialog({ query, onClose }: { query: string; onClose: () => void }) {
  const t = useTranslations("transactions.views");
  return (
    <Dialog open onClose={onClose} title={t("dialogTitle")} description={t("dialogDescription")}>
      <SaveViewForm query={query} onDone={onClose} />
    </Dialog>
  );
}

function SaveViewForm({ query, onDone }: { query: string; onDone: () => void }) {
  const t = useTranslations("transactions.views");
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<CreateSavedViewInput, unknown, CreateSavedView>({
    resolver: lazyZodResolver(() => import("@/lib/transactions/saved-view").then((m) => m.createSavedViewSchema)),
    defaultValues: { name: "", query },
  });
  // A taken name: the server's sentence goes beside the name field, not above the form.
  const { submit, error } = useApiMutation({
    mutationFn: (values: CreateSavedView) => apiFetch("/api/transactions/views", { method: "POST", body: values }),
    fallbackMessage: t("notSaved"),
    message: (e) => (e.fields?.name ? null : e.message),
    onError: (e) => {
      if (e.fields?.name) setFieldError("name", { message: e.message });
    },
    refresh: true,
    onSuccess: onDone,
  });
  const onSubmit = handleSubmit(submit);
  const say = (message: string | undefined) => {
    const key = savedViewMessageKey(message);
    return key ? t(`errors.${key}`) : message;
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {error && <Alert tone="error">{error}</Alert>}
      {errors.query?.message && <Alert tone="error">{say(errors.query.message)}</Alert>}
      <InputField
        label={t("name")}
        required
        maxLength={60}
        data-autofocus
        placeholder={t("namePlaceholder")}
        error={say(errors.name?.message)}
        {...register("name")}
      />
      <input type="hidden" {...register("query")} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
          {t("cancel")}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}
