"use client";
// Errors outside the dashboard's shell (sign-in steps, public pages): the error card framed like the sign-in page.
import { ErrorCard } from "@/components/status/error-card";

export default function RootError({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorCard error={error} retry={retry} standalone />;
}
