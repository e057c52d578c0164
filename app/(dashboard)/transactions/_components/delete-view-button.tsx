"use client";
// Deletes one of the user's saved views (DELETE /api/transactions/views/[viewId]) and refreshes the list.
import { useTranslations } from "next-intl";
import { apiFetch } from "@/lib/api-client";
import { useApiMutation } from "@/lib/use-api-mutation";

export function DeleteViewButton({ viewId, name }: { viewId: string; name: string }) {
  const t = useTranslations("transactions.views");
  const {
    submit,
    pending: busy,
    error,
  } = useApiMutation({
    mutationFn: () => apiFetch(`/api/transactions/views/${viewId}`, { method: "DELETE" }),
    fallbackMessage: t("notDeleted"),
    refresh: true,
  });
  return (
    <>
      <button
        type="button"
        disabled={busy}
        aria-label={t("delete", { name })}
        onClick={() => void submit()}
        className="inline-flex size-6 items-center justify-center rounded-sm text-slate-500 hover:bg-slate-200 hover:text-slate-900 disabled:opacity-50"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-3.5">
          <path d="M5.28 4.22a.75.75 0 0 0-1.06 1.06L8.94 10l-4.72 4.72a.75.75 0 1 0 1.06 1.06L10 11.06l4.72 4.72a.75.75 0 1 0 1.06-1.06L11.06 10l4.72-4.72a.75.75 0 0 0-1.06-1.06L10 8.94 5.28 4.22Z" />
        </svg>
      </button>
      {error && (
        <span role="alert" className="text-xs text-red-700">
          {error}
        </span>
      )}
    </>
  );
}
