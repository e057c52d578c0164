// The running app's service dependencies: the process's database, gateway client and configuration. Pages and
// route handlers get them here (never from getDatabase() directly); the first call also starts the process's
// background workers, once.
import "server-only";
import { cookies, headers } from "next/headers";
import { UI_PREFS_COOKIE } from "@/lib/i18n/languages";
import { resolveUiPrefs } from "../i18n/prefs";
import type { Principal } from "../auth/principal";
import { getDatabase } from "../db";
import { env } from "../env";
import { gatewayClient } from "../gateway/default-client";
import type { ServiceContext, ServiceDeps } from "./deps";
import { ensureMailWorkerStarted } from "../mail/worker";
import { ensurePlanSchedulerStarted } from "./recurring/plans/scheduler";
import { ensureReportSchedulerStarted } from "./reports/schedules/scheduler";
import { ensureRetentionStarted } from "./retention/scheduler";
import { ensureAuditAnchoringStarted } from "../audit/anchor-scheduler";
import { ensureInactiveAccountsStarted } from "./admin/users/inactive-accounts-scheduler";
import { ensureReconcilerStarted } from "./sync/scheduler";

export async function appDeps(): Promise<ServiceDeps> {
  const [database, gateway] = await Promise.all([getDatabase(), gatewayClient()]);
  const deps: ServiceDeps = { db: database.db, gateway, config: env(), now: () => new Date() };
  ensureReconcilerStarted(deps); // once per process; settles unknown outcomes and unprocessed notifications
  ensurePlanSchedulerStarted(deps); // once per process; charges the billing plans that are due
  ensureMailWorkerStarted(deps); // once per process; sends the outbox's mail (woken after a commit that queued some)
  ensureReportSchedulerStarted(deps); // once per process; runs the scheduled reports that are due (mails via the outbox)
  ensureRetentionStarted(deps, database.kind); // once per process; purges what is past its retention period, daily
  ensureAuditAnchoringStarted(deps); // once per process; checkpoints and anchors the verified audit chain
  ensureInactiveAccountsStarted(deps); // once per process; disables accounts unused for INACTIVE_ACCOUNT_DAYS, daily
  return deps;
}

/** The context of a service acting for a signed-in person: a route's `{ principal, ip }`, or a page's (ip null). */
export async function appContext(who: { principal: Principal; ip?: string | null }): Promise<ServiceContext> {
  // The reader's language is looked up only by a service that needs it (a mail to someone without a language).
  const readerPrefs = async () => {
    const [jar, head] = await Promise.all([cookies(), headers()]);
    const prefs = resolveUiPrefs({
      saved: who.principal.uiPrefs ?? null,
      cookie: jar.get(UI_PREFS_COOKIE)?.value,
      acceptLanguage: head.get("accept-language"),
    });
    return { language: prefs.language, digits: prefs.digits };
  };
  const chargeConfirmation = async () => (await headers()).get("x-confirm-charge");
  return { deps: await appDeps(), principal: who.principal, ip: who.ip ?? null, readerPrefs, chargeConfirmation };
}
