// The panel shown instead of a page's content (not found, an error): what happened, an optional error reference and
// the ways back. `standalone` frames it like the sign-in page (outside the shell), with the product's mark on top.
// Plain <a> links, not next/link: every route loads the error and not-found boundaries' JS, and next/link would put
// its client code (~5 KB gzipped) in each of the three boundaries' chunks; a full load is right after an error anyway.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { BrandMark } from "@/components/shell/brand-mark";

export interface StatusCardProps {
  /** A short tag above the heading, e.g. "404" or "Error". */
  eyebrow: string;
  title: string;
  children: ReactNode;
  /** Links or buttons: the ways back. */
  actions: ReactNode;
  /** Under the actions, e.g. the error reference. */
  footer?: ReactNode;
  standalone?: boolean;
}

export function StatusCard({ eyebrow, title, children, actions, footer, standalone = false }: StatusCardProps) {
  const t = useTranslations("common");
  const card = (
    <div className={`w-full rounded-lg border border-slate-200 bg-white p-6 shadow-sm ${standalone ? "max-w-md" : "max-w-xl"}`}>
      <p className="text-sm font-semibold text-brand-700">{eyebrow}</p>
      <h1 className="mt-1 text-xl font-semibold tracking-tight text-slate-900">{title}</h1>
      <div className="mt-2 space-y-2 text-sm text-slate-600">{children}</div>
      <div className="mt-5 flex flex-wrap gap-2">{actions}</div>
      {footer && <div className="mt-5 border-t border-slate-100 pt-4 text-sm text-slate-600">{footer}</div>}
    </div>
  );
  if (!standalone) return card;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <a href="/overview" className="mb-6 flex items-center gap-2 rounded-md text-sm font-semibold text-slate-900">
        <BrandMark />
        {t("appName")}
      </a>
      {card}
    </main>
  );
}
