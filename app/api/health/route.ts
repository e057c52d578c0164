// GET /api/health: public liveness of the dashboard, its database and the gateway's host (no secrets, no data).
import { checkHealth } from "@/server/health";

export const dynamic = "force-dynamic";

export async function GET() {
  const health = await checkHealth();
  return Response.json(health, { status: health.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
