// The app's background work, started at server boot (instrumentation.ts) and again, idempotently, by the first
// request that needs the app's dependencies. A database that is not reachable at boot does not stop the server:
// the first request tries again and answers 503 until the database is back.
import "server-only";
import { logger } from "../log/logger";
import { appDeps } from "./app-deps";

export async function startBackgroundWork(): Promise<void> {
  try {
    await appDeps(); // starts the reconciler and the plan scheduler once per process (not during `next build`)
  } catch (e) {
    logger.warn("background.start_deferred", { error: e instanceof Error ? e.message : String(e) });
  }
}
