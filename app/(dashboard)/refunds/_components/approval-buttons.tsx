"use client";
// Approve or reject a held refund (REFUNDS_APPROVE; never the requester's own).
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/api-client";
import { useApiMutation } from "@/lib/use-api-mutation";
import { useDecisionMessage } from "./decision-message";

type Decision = "approve" | "reject";

export function ApprovalButtons({ actionId, disabledReason }: { actionId: string; disabledReason?: string }) {
  const setMessage = useDecisionMessage();
  // The result stays on the page (the decided refund leaves the list when it refreshes), errors too.
  const { submit, variables: pending } = useApiMutation({
    mutationFn: (decision: Decision) =>
      apiFetch<{ message: string; state: string }>(`/api/refunds/${actionId}/${decision}`, { method: "POST", body: {} }),
    fallbackMessage: "The decision could not be recorded.",
    refresh: true,
    onSuccess: (r) => setMessage({ tone: r.state === "succeeded" || r.state === "rejected" ? "success" : "warning", text: r.message }),
    onError: (e) => setMessage({ tone: "error", text: e.message }),
  });
  const decide = (decision: Decision) => {
    setMessage(null);
    void submit(decision);
  };
  return (
    <div>
      <div className="flex gap-2">
        <Button
          size="sm"
          loading={pending === "approve"}
          disabled={pending !== undefined}
          disabledReason={disabledReason}
          onClick={() => decide("approve")}
        >
          Approve
        </Button>
        <Button
          size="sm"
          variant="secondary"
          loading={pending === "reject"}
          disabled={pending !== undefined}
          disabledReason={disabledReason}
          onClick={() => decide("reject")}
        >
          Reject
        </Button>
      </div>
    </div>
  );
}
