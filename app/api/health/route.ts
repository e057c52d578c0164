// GET /api/health: readiness (the same answer as /api/health/ready), kept for probes configured before it existed.
// HEAD /api/health: liveness only, the process answers; nothing is queried (cheap enough for a tight probe loop).
import { readinessResponse } from "@/server/http/health-responses";
import { publicRoute } from "@/server/http/route";

export const dynamic = "force-dynamic";

export const GET = publicRoute("readiness: probes and the start script poll it", readinessResponse);

export const HEAD = publicRoute(
  "liveness: load balancers and probes poll it",
  async () => new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } }),
);
