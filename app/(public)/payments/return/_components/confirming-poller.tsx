"use client";
// While the gateway's confirmation of a link payment is on its way, the customer's page asks the server again on its
// own: after 2, 3, 5, 5, 10, 10, 15 and 15 seconds (about a minute, then it stops; "Check again" stays). Each
// refresh re-renders the page from the ledger, and once the outcome is known this component is no longer rendered,
// so polling ends there. The page never trusts the redirect for the outcome: only the ledger's answer is shown.
import { useRouter } from "next/navigation";
import { useEffect } from "react";

export const POLL_DELAYS_MS = [2_000, 3_000, 5_000, 5_000, 10_000, 10_000, 15_000, 15_000];

/** Calls `refresh` after each delay in turn, then stops; the returned function stops it early. */
export function startPolling(refresh: () => void, delays: readonly number[] = POLL_DELAYS_MS): () => void {
  let step = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const next = () => {
    const delay = delays[step++];
    if (delay === undefined) return;
    timer = setTimeout(() => {
      refresh();
      next();
    }, delay);
  };
  next();
  return () => clearTimeout(timer);
}

export function ConfirmingPoller() {
  const router = useRouter();
  useEffect(() => startPolling(() => router.refresh()), [router]);
  return null;
}
