// What a failed roles call to the gateway means for the user, as one AppError: unreachable (the mirror holds),
// 404 (no such role), 409 (the name is taken: an error on the name field), the API key's access level refused
// (a plain message), anything else refused (the gateway's own message).
import { NAME_TAKEN_MESSAGE } from "@/lib/schemas/admin-roles";
import { AppError } from "../../../errors";
import type { GatewayError, GatewayResult, GatewayTransportFailure } from "../../../gateway/client";

export const ROLES_GATEWAY_UNAVAILABLE = "roles.gatewayNoAnswer";
export const ROLE_NOT_AT_GATEWAY = "roles.notAtGateway";

const statusOf = (r: GatewayError) => Number(r.code ?? r.errorCode ?? r.httpStatus) || r.httpStatus;

export function roleCallFailure(r: GatewayError | GatewayTransportFailure): AppError {
  if (r.kind === "transport") return new AppError("gateway_unavailable", ROLES_GATEWAY_UNAVAILABLE);
  switch (statusOf(r)) {
    case 404:
      return new AppError("not_found", ROLE_NOT_AT_GATEWAY);
    case 409:
      return new AppError("conflict", "roles.nameTaken", { name: [NAME_TAKEN_MESSAGE] });
    case 401:
      return new AppError("gateway_error", "roles.apiKeyRefused");
    case 403:
      return new AppError("gateway_error", "roles.accessLevel");
    default:
      return new AppError("gateway_error", ["roles.refused", { reason: r.message || `HTTP ${r.httpStatus}` }]);
  }
}

/** The data of a successful call, or the AppError of a failed one (a "declined" never happens on roles). */
export function successOrThrow<T>(r: GatewayResult<T>): T {
  if (r.kind === "success") return r.data;
  if (r.kind === "declined") throw new AppError("gateway_error", ["roles.refused", { reason: r.declineReason }]);
  throw roleCallFailure(r);
}
