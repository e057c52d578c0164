"use client";
// Errors in the root layout itself: it replaces the whole document, so it brings its own <html>, styles and title.
import { ErrorCard } from "@/components/status/error-card";
import "./globals.css";

export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="en" dir="ltr">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        <title>Something went wrong · Merchant dashboard</title>
        <ErrorCard error={error} retry={retry} standalone />
      </body>
    </html>
  );
}
