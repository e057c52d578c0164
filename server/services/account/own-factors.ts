// The person's own second factors, read for a page: the Account page's list (listOwnFactors) and what the sign-in's
// second step offers a session that still owes its factor (factorsToVerify; its principal is the pending one).
// Changes to factors are made by server/auth/mfa, behind their own routes.
import "server-only";
import { listFactors, type FactorList } from "../../auth/mfa/manage-factors";
import { enrolledFactors } from "../../auth/mfa/session-factor";
import type { ServiceContext, ServiceDeps } from "../deps";

export async function listOwnFactors(ctx: ServiceContext<Pick<ServiceDeps, "db">>): Promise<FactorList> {
  return listFactors(ctx.deps.db, ctx.principal.userId);
}

export async function factorsToVerify(ctx: ServiceContext<Pick<ServiceDeps, "db">>): Promise<{ totp: boolean; passkeys: number }> {
  return enrolledFactors(ctx.deps.db, ctx.principal.userId);
}
