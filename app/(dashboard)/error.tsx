"use client";
// Errors in a dashboard page: the error card inside the shell, so the navigation stays.
import { ErrorCard } from "@/components/status/error-card";

export default function DashboardError({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorCard error={error} retry={retry} />;
}
