// Who a route admits: the access kinds a route declares, and the principal a session may act as on such a route
// (a session still owing its second factor or a password change only reaches its own step's routes).
import type { Permission } from "@/lib/permissions";
import type { Principal, PrincipalResult } from "../auth/principal";
import { AppError } from "../errors";

export type PendingAccess = "pending_second_factor" | "pending_password_change";

export type Access =
  { kind: "permission"; permission: Permission } | { kind: "authenticated" } | { kind: PendingAccess } | { kind: "public"; reason: string };

/** The principal a route may act for, or the refusal (thrown): a pending session only reaches its own step's routes. */
export function admit(session: PrincipalResult, access: Access): Principal {
  if (session.ok) return session.principal;
  if (session.reason === "second_factor_required") {
    if (access.kind === "pending_second_factor") return session.pending;
    throw new AppError("second_factor_required", "http.secondFactorRequired");
  }
  if (session.reason === "password_change_required") {
    if (access.kind === "pending_password_change") return session.pending;
    throw new AppError("password_change_required", "http.passwordChangeRequired");
  }
  throw new AppError("unauthenticated", "auth.sessionEnded");
}
