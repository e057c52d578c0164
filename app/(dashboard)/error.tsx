"use client";
// Errors in a dashboard page: the error card inside the shell (the navigation stays). The card is loaded only when an
// error happens (React.lazy), so the boundary every dashboard route loads holds just the loader.
import { lazy, Suspense } from "react";

const ErrorCard = lazy(() => import("@/components/status/error-card").then((m) => ({ default: m.ErrorCard })));

export default function DashboardError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <Suspense fallback={null}>
      <ErrorCard error={error} retry={retry} />
    </Suspense>
  );
}
