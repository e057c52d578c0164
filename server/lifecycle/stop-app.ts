// What a graceful stop does once the requests in flight have finished: the background workers stop (each finishes
// the pass it is in, so a claimed notification or plan charge is either done or left unclaimed for the next
// instance; the retention pass stops after its current batch), then the gateway client and the database pools close.
import "server-only";
import { closeDatabase } from "../db";
import { closeGatewayClient } from "../gateway/default-client";
import { stopMailWorker } from "../mail/worker";
import { stopPlanScheduler } from "../services/recurring/plans/scheduler";
import { stopReportScheduler } from "../services/reports/schedules/scheduler";
import { stopRetention } from "../services/retention/scheduler";
import { stopReconciler } from "../services/sync/scheduler";

export async function stopApp(): Promise<void> {
  await Promise.all([stopReconciler(), stopPlanScheduler(), stopMailWorker(), stopReportScheduler(), stopRetention()]);
  await closeGatewayClient();
  await closeDatabase();
}
