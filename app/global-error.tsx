"use client";
// Errors in the root layout itself (and whatever app/error.tsx could not show): it replaces the whole document, so it
// brings its own <html>, styles and title. Inline and import-free but the stylesheet: every route loads this
// boundary's JS, and it must work when nothing else does. The reference is Next's digest, which the server logs.
import "./globals.css";

export default function GlobalError({ error, retry }: { error: { digest?: string }; retry: () => void }) {
  const reference = typeof error?.digest === "string" && /^[\w-]{1,64}$/.test(error.digest) ? error.digest : null;
  return (
    <html lang="en" dir="ltr">
      <body className="grid min-h-screen place-items-center bg-slate-50 p-6 text-sm text-slate-600">
        <title>Something went wrong · Merchant dashboard</title>
        <main className="max-w-md rounded-lg border border-slate-200 bg-white p-6">
          <h1 className="text-xl font-semibold text-slate-900">Something went wrong</h1>
          <p className="mt-2">The dashboard could not show this page. Try again, or go back to the Overview.</p>
          <p className="mt-5 flex gap-3">
            <button type="button" onClick={retry} className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white">
              Try again
            </button>
            <a href="/overview" className="rounded-md border border-slate-300 px-4 py-2 font-medium text-slate-900">
              Back to Overview
            </a>
          </p>
          {reference && <p className="mt-5 select-all">Error reference: {reference}</p>}
        </main>
      </body>
    </html>
  );
}
