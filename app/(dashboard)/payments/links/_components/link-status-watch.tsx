"use client";
// Keeps the payment links list current while links wait for their customers: their states are asked again every
// 10 s (useQuery) and the page is rendered again on the server once one of them has changed; it stops when none waits.
import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { LinkStatus } from "@/lib/payment-link-status";

export const LINK_POLL_MS = 10_000;

type Links = { links: Array<{ paymentId: string; status: LinkStatus }> };

/** The watched links (waiting when the page was rendered) that no longer wait. */
export function settledLinks(answer: Links | undefined, waiting: readonly string[]): string[] {
  const now = new Map(answer?.links.map((l) => [l.paymentId, l.status]));
  return waiting.filter((id) => now.has(id) && now.get(id) !== "waiting");
}

export function LinkStatusWatch({ waiting }: { waiting: string[] }) {
  const router = useRouter();
  const { data } = useQuery({
    queryKey: queryKeys.paymentLinks(),
    queryFn: () => apiFetch<Links>("/api/payments/links"),
    enabled: waiting.length > 0,
    // What the server just rendered: the first ask comes one interval later, not with the page.
    initialData: () => ({ links: waiting.map((paymentId) => ({ paymentId, status: "waiting" as const })) }),
    staleTime: LINK_POLL_MS,
    refetchInterval: (q) =>
      q.state.status === "error" || settledLinks(q.state.data, waiting).length === waiting.length ? false : LINK_POLL_MS,
  });
  const settled = settledLinks(data, waiting).join(",");
  useEffect(() => {
    if (settled) router.refresh();
  }, [settled, router]);
  return null;
}
