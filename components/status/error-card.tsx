"use client";
// What an error boundary shows: a plain apology, "Try again", the way back, and the error reference (Next's digest,
// which the server logs as `page.unhandled_error`) for staff to quote to support. The error's own message stays out
// of production: it may hold internal details. Plain elements (no Button, no CopyButton; the reference selects with
// one click): every dashboard route loads two error boundaries' JS, so each stays small.
import { useTranslations } from "next-intl";
import { buttonClasses } from "@/components/ui/button-styles";
import { errorReference } from "./error-reference";
import { StatusCard } from "./status-card";

export function ErrorCard({ error, retry, standalone = false }: { error: unknown; retry: () => void; standalone?: boolean }) {
  // The "ui" namespace (sent to every page): this client card shows under any route, in or out of the dashboard.
  const t = useTranslations("ui");
  const reference = errorReference(error);
  return (
    <StatusCard
      eyebrow={t("errorCard.eyebrow")}
      title={t("errorCard.title")}
      standalone={standalone}
      actions={
        <>
          <button type="button" onClick={() => retry()} className={buttonClasses()}>
            {t("errorCard.retry")}
          </button>
          <a href="/overview" className={buttonClasses({ variant: "secondary" })}>
            {t("errorCard.backToOverview")}
          </a>
        </>
      }
      footer={
        reference ? (
          <p className="flex flex-wrap items-center gap-2">
            <span>
              {t("errorCard.reference")}{" "}
              <bdi dir="ltr" className="font-mono text-slate-900 select-all">
                {reference}
              </bdi>
            </span>
          </p>
        ) : undefined
      }
    >
      <p>{t("errorCard.text")}</p>
      <p>{reference ? t("errorCard.quoteReference") : t("errorCard.reload")}</p>
      {process.env.NODE_ENV === "development" && error instanceof Error && (
        <pre className="overflow-auto rounded-sm bg-slate-50 p-2 font-mono text-xs whitespace-pre-wrap text-slate-800">{error.message}</pre>
      )}
    </StatusCard>
  );
}
