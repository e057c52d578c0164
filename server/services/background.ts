// The app's background work, started at server boot (instrumentation.ts) and again, idempotently, by the first
// request that needs the app's dependencies. A database that is not reachable at boot does not stop the server:
// the first request tries again and answers 503 until the database is back.
import "server-only";
import { env } from "../env";
import { logger } from "../log/logger";
import { appDeps } from "./app-deps";

export async function startBackgroundWork(): Promise<void> {
  try {
    // PCI DSS 4.0.1 8.4.2 asks a second factor of everyone: MFA_REQUIRED=none is for local trials only.
    if (env().mfaRequired === "none") {
      logger.warn("config.mfa_disabled", {
        message: "MFA_REQUIRED=none: nobody is asked for a second factor. For local trials only, never in production.",
      });
    }
    const nonPci = env().nonPciSettings;
    if (nonPci.length) logger.warn("config.non_pci_settings", { allowedBy: "ALLOW_NON_PCI_SETTINGS=1", problems: nonPci });
    await appDeps(); // starts the reconciler and the plan scheduler once per process (not during `next build`)
  } catch (e) {
    logger.warn("background.start_deferred", { error: e instanceof Error ? e.message : String(e) });
  }
}
