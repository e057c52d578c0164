// The running app's service dependencies: the process's database, gateway client and configuration.
import "server-only";
import { getDatabase } from "../db";
import { env } from "../env";
import { gatewayClient } from "../gateway/default-client";
import type { ServiceDeps } from "./deps";
import { ensureMailWorkerStarted } from "../mail/worker";
import { ensurePlanSchedulerStarted } from "./recurring/plans/scheduler";
import { ensureReconcilerStarted } from "./sync/scheduler";

export async function appDeps(): Promise<ServiceDeps> {
  const [{ db }, gateway] = await Promise.all([getDatabase(), gatewayClient()]);
  const deps: ServiceDeps = { db, gateway, config: env(), now: () => new Date() };
  ensureReconcilerStarted(deps); // once per process; settles unknown outcomes and unprocessed notifications
  ensurePlanSchedulerStarted(deps); // once per process; charges the billing plans that are due
  ensureMailWorkerStarted(deps); // once per process; sends the outbox's mail (woken after a commit that queued some)
  return deps;
}
