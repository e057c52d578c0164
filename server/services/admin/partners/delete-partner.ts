// Delete a partner at the gateway (contract 4.16) by its UUID. Permission first; an id that is not a UUID is
// refused before any call. Every attempt that reaches the gateway is audited with its outcome: "partner.delete"
// when the gateway confirmed, "partner.delete_failed" (with the outcome) when it did not or did not answer.
import "server-only";
import { partnerIdSchema, type DeletePartnerResult } from "@/lib/schemas/admin-partners";
import { appendAuditNow } from "../../../audit/audit-log";
import { requireFreshFactor } from "../../../auth/step-up";
import type { GatewayResult } from "../../../gateway/result";
import { AppError, type ErrorMessage } from "../../../errors";
import type { ServiceContext, ServiceDeps } from "../../deps";
import { requirePermission } from "../../require-permission";
import { accessLevelMessage, isAccessLevelRefusal } from "../branches/access-level";
import { vmsg } from "@/lib/schemas/messages";

type Outcome = "deleted" | "not_found" | "access_level" | "gateway_error" | "unavailable" | "outcome_unknown";

/** The access-level refusal, with "Nothing was deleted." after it. */
function partnerAccessLevel([key, values]: ReturnType<typeof accessLevelMessage>): ErrorMessage {
  return [key === "gateway.accessLevel" ? "partners.accessLevel" : "partners.accessLevelUnknown", values];
}

/** What the attempt came to: the audit outcome, and the error to throw when it failed. */
function judge(r: GatewayResult<string>): { outcome: Outcome; error: AppError | null } {
  switch (r.kind) {
    case "success":
      return { outcome: "deleted", error: null };
    case "gateway_error":
      if (r.httpStatus === 404 || r.code === "404") {
        return { outcome: "not_found", error: new AppError("not_found", "partners.notFound") };
      }
      if (isAccessLevelRefusal(r)) {
        return {
          outcome: "access_level",
          error: new AppError("gateway_error", partnerAccessLevel(accessLevelMessage(r, "delete partners"))),
        };
      }
      return { outcome: "gateway_error", error: new AppError("gateway_error", ["partners.refused", { reason: r.message }]) };
    case "declined":
      return {
        outcome: "gateway_error",
        error: new AppError("gateway_error", ["partners.refused", { reason: r.declineReason }]),
      };
    case "transport":
      return r.outcomeUnknown
        ? {
            outcome: "outcome_unknown",
            error: new AppError("outcome_unknown", "partners.outcomeUnknown"),
          }
        : {
            outcome: "unavailable",
            error: new AppError("gateway_unavailable", "partners.gatewayNotAnswering"),
          };
  }
}

export async function deletePartner(
  ctx: ServiceContext<Pick<ServiceDeps, "db" | "gateway">>,
  input: { partnerId: string },
): Promise<DeletePartnerResult> {
  const { deps, principal, ip } = ctx;
  const rawPartnerId = input.partnerId;
  requirePermission(principal, "PARTNERS_DELETE");
  requireFreshFactor(principal);
  const parsed = partnerIdSchema.safeParse(rawPartnerId);
  if (!parsed.success) {
    throw new AppError(
      "invalid_request",
      { validation: parsed.error.issues[0]?.message ?? vmsg("ids.partner") },
      {
        partnerId: parsed.error.issues.map((i) => i.message),
      },
    );
  }
  const partnerId = parsed.data;
  const r = await deps.gateway.deletePartner({ partnerId });
  const { outcome, error } = judge(r);
  await appendAuditNow(deps.db, {
    action: outcome === "deleted" ? "partner.delete" : "partner.delete_failed",
    actorId: principal.userId,
    actorEmail: principal.email,
    ip,
    targetType: "partner",
    targetId: partnerId,
    summary: {
      outcome,
      ...(r.kind === "success" ? { confirmation: r.data } : {}),
      ...(r.kind === "gateway_error" || r.kind === "transport" ? { gatewayMessage: r.message, httpStatus: r.httpStatus ?? null } : {}),
    },
  });
  if (r.kind !== "success") throw error ?? new AppError("gateway_error", "partners.notDeleted");
  return { partnerId, message: r.data };
}
