"use client";
// Errors in the root layout itself (and whatever app/error.tsx could not show): it replaces the whole document, so it
// brings its own <html>, styles and title. Inline and import-free but the stylesheet: every route loads this
// boundary's JS, and it must work when nothing else does. The reference is Next's digest, which the server logs.
//
// Its words are not from the catalogs: it renders outside the root layout, so outside next-intl's provider (and the
// provider's module may be what failed). A tiny bilingual text instead, in the language of the document it replaced:
// that <html lang> was set by the root layout from the reader's choice (saved preference, cookie, browser), and is
// read when this module loads, before the boundary replaces it. When the root layout never rendered (this boundary
// server-rendered), the `ui-prefs` cookie ("ar.latn.0") or the browser's language decides. The server snapshot is
// English, so hydration matches and the client then switches.
import { useSyncExternalStore } from "react";
import "./globals.css";

type Lang = "en" | "ar";

/* eslint-disable local/no-ui-literals -- this boundary cannot use the catalogs (see above): its own two languages */
const TEXT = {
  en: {
    title: "Something went wrong · Merchant dashboard",
    heading: "Something went wrong",
    body: "The dashboard could not show this page. Try again, or go back to the Overview.",
    retry: "Try again",
    back: "Back to Overview",
    reference: "Error reference:",
  },
  ar: {
    title: "حدث خطأ · لوحة التاجر",
    heading: "حدث خطأ",
    body: "تعذّر على اللوحة عرض هذه الصفحة. حاول مرة أخرى، أو ارجع إلى النظرة العامة.",
    retry: "إعادة المحاولة",
    back: "العودة إلى النظرة العامة",
    reference: "مرجع الخطأ:",
  },
} as const;
/* eslint-enable local/no-ui-literals */

function detect(): Lang {
  if (typeof document === "undefined") return "en";
  const root = document.documentElement;
  if (!root.hasAttribute("data-global-error")) return root.lang === "ar" ? "ar" : "en";
  const cookie = /(?:^|;\s*)ui-prefs=(ar|en)\b/.exec(document.cookie)?.[1];
  if (cookie === "ar" || cookie === "en") return cookie;
  return navigator.language?.toLowerCase().startsWith("ar") ? "ar" : "en";
}

// The language of the page this boundary replaces, read once when the module loads (the layout's <html> is still there).
const loadedLang: Lang = detect();
const noop = () => () => {};

export default function GlobalError({ error, retry }: { error: { digest?: string }; retry: () => void }) {
  const lang = useSyncExternalStore(
    noop,
    () => loadedLang,
    () => "en" as const,
  );
  const t = TEXT[lang];
  const reference = typeof error?.digest === "string" && /^[\w-]{1,64}$/.test(error.digest) ? error.digest : null;
  return (
    <html lang={lang} dir={lang === "ar" ? "rtl" : "ltr"} data-global-error="">
      <body className="grid min-h-screen place-items-center bg-slate-50 p-6 text-sm text-slate-600">
        <title>{t.title}</title>
        <main className="max-w-md rounded-lg border border-slate-200 bg-white p-6">
          <h1 className="text-xl font-semibold text-slate-900">{t.heading}</h1>
          <p className="mt-2">{t.body}</p>
          <p className="mt-5 flex gap-3">
            <button type="button" onClick={retry} className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white">
              {t.retry}
            </button>
            <a href="/overview" className="rounded-md border border-slate-300 px-4 py-2 font-medium text-slate-900">
              {t.back}
            </a>
          </p>
          {reference && (
            <p className="mt-5 select-all">
              {t.reference}{" "}
              <bdi dir="ltr" className="font-mono">
                {reference}
              </bdi>
            </p>
          )}
        </main>
      </body>
    </html>
  );
}
