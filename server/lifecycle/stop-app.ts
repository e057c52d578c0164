// What a graceful stop does once the requests in flight have finished: the notifications they acknowledged are
// processed, the background workers stop (each finishes the pass it is in, so a claimed notification or plan
// charge is either done or left unclaimed for the next instance; the retention pass stops after its current batch),
// then the gateway client and the database pools close.
import "server-only";
import { closeDatabase } from "../db";
import { closeGatewayClient } from "../gateway/default-client";
import { stopTracing } from "../telemetry/tracing";
import { stopMailWorker } from "../mail/worker";
import { stopPlanScheduler } from "../services/recurring/plans/scheduler";
import { stopReportScheduler } from "../services/reports/schedules/scheduler";
import { stopRetention } from "../services/retention/scheduler";
import { stopAuditAnchoring } from "../audit/anchor-scheduler";
import { stopInactiveAccounts } from "../services/admin/users/inactive-accounts-scheduler";
import { stopReconciler } from "../services/sync/scheduler";
import { defaultNotificationQueue } from "../services/notifications/notification-queue";
import { defaultStatusQueryLimiter } from "../services/notifications/status-query-limiter";

/** The after-answer work a stop waits for before closing the pools (it is short: a batch of status queries). */
const AFTER_ANSWER_WAIT_MS = 10_000;

export async function stopApp(): Promise<void> {
  // Notifications answered 200 are processed after the answer (a status query, the ledger update). Closing the pools
  // under that work failed its queries (seen under load); the stored rows would only wait for the reconciler, but a
  // stop should finish what it acknowledged. Bounded: a hung gateway is cut off by its own deadline anyway.
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all([defaultNotificationQueue().idle(), defaultStatusQueryLimiter().idle()]),
    new Promise((r) => (timer = setTimeout(r, AFTER_ANSWER_WAIT_MS))),
  ]);
  clearTimeout(timer);
  await Promise.all([
    stopReconciler(),
    stopPlanScheduler(),
    stopMailWorker(),
    stopReportScheduler(),
    stopRetention(),
    stopAuditAnchoring(),
    stopInactiveAccounts(),
  ]);
  await closeGatewayClient();
  await closeDatabase();
  // Last: the spans of the stop itself are sent too.
  await stopTracing();
}
