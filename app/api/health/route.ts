// GET /api/health: public liveness of the dashboard, its database and the gateway's host (no secrets, no data).
import { checkHealth } from "@/server/health";
import { publicRoute } from "@/server/http/route";

export const dynamic = "force-dynamic";

export const GET = publicRoute("health: probes and the start script poll it", async () => {
  const health = await checkHealth();
  return Response.json(health, { status: health.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
});
