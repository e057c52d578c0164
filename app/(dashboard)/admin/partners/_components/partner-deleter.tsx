"use client";
// The Partners page's one client island: the partners the dashboard knows (from transaction details), each with
// "Delete…", and a form for any other id. Either way a confirmation names the partner and says what deleting
// does; the outcome (the gateway's confirmation, "no partner with this id", a refusal for the key's access level)
// is shown on the page once the dialog closes, and the list is refreshed.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LocalTime } from "@/components/ui/local-time";
import { apiFetch, type ApiError } from "@/lib/api-client";
import type { DeletePartnerResult } from "@/lib/schemas/admin-partners";
import { useApiMutation } from "@/lib/use-api-mutation";
import { DeleteByIdForm } from "./delete-by-id-form";

/** A partner seen in a payment's business-unit hierarchy (server/services/admin/partners/known-partners.ts). */
export interface KnownPartnerView {
  id: string;
  name: string | null;
  nameAr: string | null;
  lastSeenAt: string;
}

type Target = { id: string; name: string | null };
type Outcome = { tone: "success" | "error" | "warning"; title: string; text: string; partner: Target };

const FAILURES = ["not_found", "gateway_error", "gateway_unavailable", "outcome_unknown", "forbidden"] as const;
const isKnownFailure = (code: string): code is (typeof FAILURES)[number] => (FAILURES as readonly string[]).includes(code);

function failure(e: ApiError, partner: Target, t: ReturnType<typeof useTranslations<"partners">>): Outcome {
  return {
    tone: e.code === "outcome_unknown" ? "warning" : "error",
    title: isKnownFailure(e.code) ? t(`failure.${e.code}`) : t("failure.other"),
    text: e.code === "not_found" ? t("failure.notFoundText") : e.message,
    partner,
  };
}

const PartnerName = ({ p }: { p: Target }) =>
  p.name ? (
    <>
      <span dir="auto">{p.name}</span> (<bdi dir="ltr">{p.id}</bdi>)
    </>
  ) : (
    <bdi dir="ltr">{p.id}</bdi>
  );

export function PartnerDeleter({ known }: { known: KnownPartnerView[] }) {
  const t = useTranslations("partners");
  const [target, setTarget] = useState<Target | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const done = (o: Outcome) => {
    setTarget(null);
    setOutcome(o);
  };
  const remove = useApiMutation({
    mutationFn: (p: Target) => apiFetch<DeletePartnerResult>(`/api/admin/partners/${encodeURIComponent(p.id)}`, { method: "DELETE" }),
    fallbackMessage: t("failure.requestFailed"),
    refresh: true,
    onSuccess: (r, p) => done({ tone: "success", title: t("deleted"), text: r.message, partner: p }),
    onError: (e, p) => done(failure(e, p, t)),
  });
  const pick = (p: Target) => {
    setOutcome(null);
    setTarget(p);
  };

  return (
    <>
      {outcome && (
        <Alert tone={outcome.tone} title={outcome.title}>
          <p>{t.rich("partner", { name: () => <PartnerName p={outcome.partner} /> })}</p>
          <p dir="auto" className="mt-1">
            {outcome.text}
          </p>
        </Alert>
      )}
      <Card title={t("known.title")} description={t("known.description")} padded={false}>
        {known.length === 0 ? (
          <p className="px-5 py-4 text-sm text-slate-600">{t("known.none")}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {known.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3">
                <div className="min-w-0 text-sm">
                  <p className="font-medium text-slate-900">
                    <span dir="auto">{p.name ?? t("known.unnamed")}</span>
                    {p.nameAr && (
                      <>
                        {" · "}
                        <span lang="ar" dir="auto" className="font-normal text-slate-600">
                          {p.nameAr}
                        </span>
                      </>
                    )}
                  </p>
                  <p className="text-xs text-slate-600">
                    <bdi dir="ltr" className="font-mono break-all">
                      {p.id}
                    </bdi>
                  </p>
                  <p className="text-xs text-slate-600">
                    {t.rich("known.lastSeen", { time: () => <LocalTime iso={p.lastSeenAt} relative /> })}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => pick({ id: p.id, name: p.name })}
                  aria-label={t("known.deleteName", { name: p.name ?? p.id })}
                >
                  {t("known.delete")}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={t("other.title")} description={t("other.description")}>
        <DeleteByIdForm onPick={(id) => pick({ id, name: known.find((k) => k.id === id)?.name ?? null })} />
      </Card>
      <ConfirmDialog
        open={target !== null}
        onClose={() => setTarget(null)}
        title={target?.name ? t("confirm.titleNamed", { name: target.name }) : t("confirm.title")}
        subject={
          target && (
            <>
              {t.rich("confirm.subject", {
                id: () => (
                  <bdi dir="ltr" className="font-mono text-xs break-all">
                    {target.id}
                  </bdi>
                ),
              })}
            </>
          )
        }
        variant="danger"
        confirmLabel={t("confirm.confirm")}
        onConfirm={() => target && void remove.submit(target)}
        pending={remove.pending}
      >
        <p>{t("confirm.body")}</p>
      </ConfirmDialog>
    </>
  );
}
