// Captures: authorizations waiting to be captured, the one the issuer releases first at the top, each with its
// countdown (the brand's hold period, AUTH_HOLD_DAYS) and a Capture button (full or partial, the payment page's
// dialog). On a phone the rows become cards.
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { useTranslations } from "next-intl";
import { ClientMessages } from "@/components/i18n/client-messages";
import Link from "next/link";
import { Forbidden } from "@/components/auth/forbidden";
import { Badge } from "@/components/ui/badge";
import { CardMask } from "@/components/ui/card-mask";
import { cx } from "@/components/ui/cx";
import { EmptyState } from "@/components/ui/empty-state";
import { LocalTime } from "@/components/ui/local-time";
import { MoneyAmount } from "@/components/ui/money";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { isCurrencyCode } from "@/lib/money";
import { pageAccess } from "@/server/auth/session";
import { appContext } from "@/server/services/app-deps";
import { authorizationsToCapture } from "@/server/services/payments/work-queues";
import { CaptureButton, CaptureMessageProvider } from "./_components/capture-button";
import { countdown } from "./_components/countdown";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("captures");
  return { title: t("title") };
}
export const dynamic = "force-dynamic";

type Row = Awaited<ReturnType<typeof authorizationsToCapture>>[number];

const URGENCY = { ok: "text-slate-700", soon: "font-medium text-red-700", expired: "font-medium text-red-700" } as const;

function Expiry({ r, now, locale }: { r: Row; now: Date; locale: string }) {
  const t = useTranslations("captures");
  const c = countdown(r.expiresAt, now, locale);
  return (
    <span className={cx("whitespace-nowrap", URGENCY[c.urgency])} data-testid="expiry" data-urgency={c.urgency}>
      {t(c.urgency === "expired" ? "expired" : "expires", { when: c.when })}
      <span className="block text-xs font-normal text-slate-600">
        <LocalTime iso={r.expiresAt.toISOString()} />
      </span>
    </span>
  );
}

function Amount({ r }: { r: Row }) {
  return isCurrencyCode(r.currency) ? <MoneyAmount value={{ minor: r.authorizedMinor, currency: r.currency }} /> : <>{r.authorizedMinor}</>;
}

function Action({ r }: { r: Row }) {
  const t = useTranslations("captures");
  if (!isCurrencyCode(r.currency)) return null;
  return (
    <CaptureButton
      paymentId={r.id}
      orderId={r.orderId}
      currency={r.currency}
      authorizedMinor={r.authorizedMinor}
      disabledReason={r.capturing ? t("inProgress") : undefined}
    />
  );
}

function OrderLink({ r }: { r: Row }) {
  return (
    <Link href={`/transactions/${r.id}`} className="font-medium text-brand-700 hover:underline">
      <bdi dir="ltr">{r.orderId}</bdi>
    </Link>
  );
}

export default async function CapturesPage() {
  const { principal, allowed } = await pageAccess("CAPTURES_CREATE");
  const t = await getTranslations("captures");
  if (!allowed) return <Forbidden area={t("title")} permission="CAPTURES_CREATE" />;
  const rows = await authorizationsToCapture(await appContext({ principal }));
  const locale = await getLocale();
  const now = new Date();
  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={t("description")} />
      <ClientMessages namespaces={["captures", "moneyActions"]}>
        <CaptureMessageProvider>
          {rows.length === 0 ? (
            <EmptyState title={t("emptyTitle")} description={t("emptyBody")} />
          ) : (
            <>
              <ul className="space-y-3 sm:hidden" aria-label={t("listLabel")}>
                {rows.map((r) => (
                  <li key={r.id} className="rounded-md border border-slate-200 bg-white p-4 shadow-xs" data-testid="capture-row">
                    <div className="flex items-baseline justify-between gap-3">
                      <span className="text-base font-semibold">
                        <Amount r={r} />
                      </span>
                      <Expiry r={r} now={now} locale={locale} />
                    </div>
                    <p className="mt-1 text-sm">
                      <OrderLink r={r} />
                      {r.payerName && (
                        <span dir="auto" className="text-slate-700">
                          {" "}
                          · {r.payerName}
                        </span>
                      )}
                    </p>
                    <div className="mt-3 flex items-center justify-between gap-3 text-sm text-slate-700">
                      <CardMask card={{ brand: r.cardBrand, last4: r.cardLast4 }} fallback="—" />
                      <Action r={r} />
                    </div>
                  </li>
                ))}
              </ul>
              <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm sm:block">
                <Table caption={t("listLabel")} captionHidden>
                  <THead>
                    <TR>
                      <TH>{t("columns.order")}</TH>
                      <TH>{t("columns.customer")}</TH>
                      <TH>{t("columns.card")}</TH>
                      <TH numeric>{t("columns.authorized")}</TH>
                      <TH>{t("columns.authorizedAt")}</TH>
                      <TH>{t("columns.expiry")}</TH>
                      <TH>
                        <span className="sr-only">{t("columns.action")}</span>
                      </TH>
                    </TR>
                  </THead>
                  <TBody>
                    {rows.map((r) => (
                      <TR key={r.id} data-testid="capture-row">
                        <TD>
                          <OrderLink r={r} />
                          {r.capturing && (
                            <Badge tone="info" className="ms-2">
                              {t("inProgressBadge")}
                            </Badge>
                          )}
                        </TD>
                        <TD>
                          <span dir="auto">{r.payerName ?? ""}</span>
                          {r.payerEmail && (
                            <bdi dir="ltr" className="block text-xs text-slate-600">
                              {r.payerEmail}
                            </bdi>
                          )}
                        </TD>
                        <TD>
                          <CardMask card={{ brand: r.cardBrand, last4: r.cardLast4 }} fallback="—" />
                        </TD>
                        <TD numeric>
                          <Amount r={r} />
                        </TD>
                        <TD>
                          <LocalTime iso={r.createdAt.toISOString()} />
                        </TD>
                        <TD>
                          <Expiry r={r} now={now} locale={locale} />
                        </TD>
                        <TD>
                          <Action r={r} />
                        </TD>
                      </TR>
                    ))}
                  </TBody>
                </Table>
              </div>
            </>
          )}
        </CaptureMessageProvider>
      </ClientMessages>
    </div>
  );
}
