// "Sync with gateway" on a payment's page: the signed-in user's sync, with the answer the browser receives (no
// tokens, no internal fields) or an error with a message to show. A gateway that does not answer changes nothing.
import "server-only";
import { withCallPurpose } from "../../db/gateway-call-purpose";
import { AppError, type ErrorMessage } from "../../errors";
import type { ServiceContext } from "../deps";
import { problemMessage, problemText, summaryText } from "./sync-notes";
import { syncPayment, type SyncOutcome } from "./sync-payment";

export interface SyncView {
  outcome: SyncOutcome;
  changed: boolean;
  message: string;
  gatewayStatus: string | null;
  settled: Array<{ id: string; type: string; state: string; amountMinor: number }>;
  payment: {
    id: string;
    status: string;
    currency: string;
    amountMinor: number;
    authorizedMinor: number;
    capturedMinor: number;
    refundedMinor: number;
    gatewayStatus: string | null;
    lastSyncedAt: string | null;
  };
}

export async function syncPaymentForUser(ctx: ServiceContext, input: { paymentId: string }): Promise<SyncView> {
  const { deps, principal, ip } = ctx;
  const { paymentId } = input;
  if (!principal.permissions.has("TRANSACTIONS_VIEW")) throw new AppError("forbidden", "auth.forbidden");
  // Its reads show on the payment's timeline as one "Checked with the gateway" line.
  const r = await withCallPurpose("user_sync", () =>
    syncPayment(deps, paymentId, { source: "user", actor: { userId: principal.userId, email: principal.email }, ip }),
  );
  // The problem and the outcome go out as catalog keys: the answer is in the reader's language.
  const problem: ErrorMessage = r.problem ? problemMessage(r.problem) : ["sync.asIs", { message: r.message }];
  switch (r.outcome) {
    case "not_found":
      throw new AppError("not_found", problem);
    case "unavailable":
      throw new AppError("gateway_unavailable", problem);
    case "not_at_gateway":
    case "refused":
      throw new AppError("gateway_error", problem);
    case "no_gateway_id":
      throw new AppError("conflict", problem);
    case "synced":
    case "created":
      break;
  }
  const p = r.payment!;
  const reader = await ctx.readerPrefs?.();
  return {
    outcome: r.outcome,
    changed: r.changed,
    message: r.summary ? summaryText(r.summary, reader) : r.problem ? problemText(r.problem, reader) : r.message,
    gatewayStatus: r.gatewayStatus,
    settled: r.settled.map((s) => ({ id: s.id, type: s.type, state: s.state, amountMinor: s.amountMinor })),
    payment: {
      id: p.id,
      status: p.status,
      currency: p.currency,
      amountMinor: p.amountMinor,
      authorizedMinor: p.authorizedMinor,
      capturedMinor: p.capturedMinor,
      refundedMinor: p.refundedMinor,
      gatewayStatus: p.gatewayStatus,
      lastSyncedAt: p.lastSyncedAt?.toISOString() ?? null,
    },
  };
}
