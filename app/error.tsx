"use client";
// Errors below the root layout outside the dashboard (and in the root not-found page): the error card framed like
// sign-in. The card is loaded only when an error happens (React.lazy): every route loads this boundary's JS, so it
// holds just the loader. Should the card itself fail to load, the error reaches app/global-error.tsx (inline, no imports).
import { lazy, Suspense } from "react";

const ErrorCard = lazy(() => import("@/components/status/error-card").then((m) => ({ default: m.ErrorCard })));

export default function RootError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <Suspense fallback={null}>
      <ErrorCard error={error} retry={retry} standalone />
    </Suspense>
  );
}
