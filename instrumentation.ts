// Runs once when a Next.js server starts: the app's background work (the reconciler and the billing-plan
// scheduler) starts with the server instead of waiting for its first request, so a restarted instance settles
// unknown outcomes and charges due plans even when nobody is signed in. Node.js runtime only (NEXT_RUNTIME is
// Next's own variable naming the runtime; the app's configuration is still read only by server/env.ts). The
// peer-address stamp goes in first, so no request reaches the app without its real peer in X-Forwarded-For.
import type { Instrumentation } from "next";

export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  // Traces first, so the first request is traced too; only when an OTLP endpoint is set (no SDK loaded otherwise).
  const [{ env: config }, { BUILD_INFO: build }] = await Promise.all([import("./server/env"), import("./server/build-info")]);
  if (config().tracing.enabled) {
    (await import("./server/telemetry/start-tracing")).startTracing({ name: config().tracing.serviceName, ...build });
  }
  (await import("./server/http/peer-address")).installPeerAddressStamp();
  // After the stamp: the request id and the access log wrap everything else done with the request.
  (await import("./server/http/request-log")).installRequestLog();
  // The log's first line names the build, so every later line can be tied to the code that wrote it.
  const [{ logger }, { BUILD_INFO }] = await Promise.all([import("./server/log/logger"), import("./server/build-info")]);
  logger.info("server.start", { ...BUILD_INFO, pid: process.pid, node: process.version });
  // Graceful stop (server/lifecycle/shutdown.ts) when Next's own signal handler is off (NEXT_MANUAL_SIG_HANDLE, set
  // by the start script and the Dockerfile; Next's variable): Next's waits without a limit and skips the cleanup.
  const shutdown = await import("./server/lifecycle/shutdown");
  shutdown.trackRequests();
  if (process.env.NEXT_MANUAL_SIG_HANDLE) {
    const [{ env }, { stopApp }] = await Promise.all([import("./server/env"), import("./server/lifecycle/stop-app")]);
    shutdown.installGracefulStop({
      graceMs: env().shutdownGraceMs,
      delayMs: env().shutdownDelayMs,
      cleanup: stopApp,
      log: (event, fields) => logger.info(event, fields),
    });
  } else {
    logger.warn("server.no_graceful_stop", {
      message: "NEXT_MANUAL_SIG_HANDLE is not set: Next.js handles SIGTERM itself (no grace limit, no worker stop).",
    });
  }
  const { startBackgroundWork } = await import("./server/services/background");
  await startBackgroundWork();
}

/**
 * An error Next caught while rendering a page (or in a server action): one JSON log line with Next's digest, the id
 * the error page shows as "Error reference", so support can find the line staff quote. Route handlers log their own
 * errors with their own id (server/http/errors.ts). The path goes without its query (it may carry a token).
 */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { logger } = await import("./server/log/logger");
  const digest = typeof error === "object" && error !== null && "digest" in error ? String((error as { digest: unknown }).digest) : null;
  logger.error("page.unhandled_error", {
    digest,
    method: request.method,
    path: request.path.split("?")[0],
    route: context.routePath,
    routeType: context.routeType,
    error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
  });
};
