// Runs once when a Next.js server starts: the app's background work (the reconciler and the billing-plan
// scheduler) starts with the server instead of waiting for its first request, so a restarted instance settles
// unknown outcomes and charges due plans even when nobody is signed in. Node.js runtime only (NEXT_RUNTIME is
// Next's own variable naming the runtime; the app's configuration is still read only by server/env.ts). The
// peer-address stamp goes in first, so no request reaches the app without its real peer in X-Forwarded-For.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  (await import("./server/http/peer-address")).installPeerAddressStamp();
  const { startBackgroundWork } = await import("./server/services/background");
  await startBackgroundWork();
}
