// GET /api/health: public readiness of the dashboard, its database and the gateway's host (no secrets, no data).
// HEAD /api/health: liveness only — the process answers; nothing is queried (cheap enough for a tight probe loop).
import { checkHealth } from "@/server/health";
import { publicRoute } from "@/server/http/route";

export const dynamic = "force-dynamic";

export const GET = publicRoute("health: probes and the start script poll it", async () => {
  const health = await checkHealth();
  return Response.json(health, { status: health.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
});

export const HEAD = publicRoute(
  "liveness: load balancers and probes poll it",
  async () => new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } }),
);
