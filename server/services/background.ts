// The app's background work, started at server boot (instrumentation.ts). A database that is not reachable at boot
// does not stop the server: the start is tried again on its own until it works (requests answer 503 meanwhile, and
// any request that needs the app's dependencies tries too), so the workers come back with the database.
import "server-only";
import { env } from "../env";
import { isDraining } from "../lifecycle/shutdown";
import { startWithRetry } from "../lifecycle/retry-start";
import { logger } from "../log/logger";
import { appDeps } from "./app-deps";

export async function startBackgroundWork(): Promise<void> {
  // PCI DSS 4.0.1 8.4.2 asks a second factor of everyone: MFA_REQUIRED=none is for local trials only.
  if (env().mfaRequired === "none") {
    logger.warn("config.mfa_disabled", {
      message: "MFA_REQUIRED=none: nobody is asked for a second factor. For local trials only, never in production.",
    });
  }
  const nonPci = env().nonPciSettings;
  if (nonPci.length) logger.warn("config.non_pci_settings", { allowedBy: "ALLOW_NON_PCI_SETTINGS=1", problems: nonPci });
  await startWithRetry({
    start: appDeps, // starts the reconciler, the schedulers, the mail worker and retention once per process
    stopping: isDraining,
    onStarted: (attempts) => logger.info("background.started", { attempts }),
    onDeferred: (e, attempt, retryInMs) =>
      logger.warn("background.start_deferred", { error: e instanceof Error ? e.message : String(e), attempt, retryInMs }),
  });
}
