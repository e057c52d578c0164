"use client";
// Approve or reject a held refund (REFUNDS_APPROVE; never the requester's own).
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { apiFetch, ApiError } from "@/lib/api-client";
import { useDecisionMessage } from "./decision-message";

export function ApprovalButtons({ actionId, disabledReason }: { actionId: string; disabledReason?: string }) {
  const router = useRouter();
  const [pending, setPending] = useState<"approve" | "reject" | null>(null);
  const setMessage = useDecisionMessage();
  const decide = async (decision: "approve" | "reject") => {
    setPending(decision);
    setMessage(null);
    try {
      const r = await apiFetch<{ message: string; state: string }>(`/api/refunds/${actionId}/${decision}`, { method: "POST", body: {} });
      setMessage({ tone: r.state === "succeeded" || r.state === "rejected" ? "success" : "warning", text: r.message });
      router.refresh();
    } catch (e) {
      setMessage({ tone: "error", text: e instanceof ApiError ? e.message : "The decision could not be recorded." });
    } finally {
      setPending(null);
    }
  };
  return (
    <div>
      <div className="flex gap-2">
        <Button size="sm" loading={pending === "approve"} disabled={pending !== null} disabledReason={disabledReason} onClick={() => decide("approve")}>
          Approve
        </Button>
        <Button size="sm" variant="secondary" loading={pending === "reject"} disabled={pending !== null} disabledReason={disabledReason} onClick={() => decide("reject")}>
          Reject
        </Button>
      </div>
    </div>
  );
}
