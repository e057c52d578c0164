"use client";
// What an error boundary shows: a plain apology, "Try again", the way back, and the error reference (Next's digest,
// which the server logs as `page.unhandled_error`) for staff to quote to support. The error's own message stays out
// of production: it may hold internal details. Plain elements (no Button, no CopyButton; the reference selects with
// one click): every dashboard route loads two error boundaries' JS, so each stays small.
import { buttonClasses } from "@/components/ui/button-styles";
import { errorReference } from "./error-reference";
import { StatusCard } from "./status-card";

export function ErrorCard({ error, retry, standalone = false }: { error: unknown; retry: () => void; standalone?: boolean }) {
  const reference = errorReference(error);
  return (
    <StatusCard
      eyebrow="Error"
      title="Something went wrong"
      standalone={standalone}
      actions={
        <>
          <button type="button" onClick={() => retry()} className={buttonClasses()}>
            Try again
          </button>
          <a href="/overview" className={buttonClasses({ variant: "secondary" })}>
            Back to Overview
          </a>
        </>
      }
      footer={
        reference ? (
          <p className="flex flex-wrap items-center gap-2">
            <span>
              Error reference:{" "}
              <bdi dir="ltr" className="font-mono text-slate-900 select-all">
                {reference}
              </bdi>
            </span>
          </p>
        ) : undefined
      }
    >
      <p>This page could not be shown. Try again, or go back to the Overview.</p>
      <p>{reference ? "If it keeps happening, quote the error reference below to support." : "If it keeps happening, reload the page."}</p>
      {process.env.NODE_ENV === "development" && error instanceof Error && (
        <pre className="overflow-auto rounded-sm bg-slate-50 p-2 font-mono text-xs whitespace-pre-wrap text-slate-800">{error.message}</pre>
      )}
    </StatusCard>
  );
}
