// GET/HEAD /api/health/live: the process answers. Restart the instance only when this fails; nothing is queried.
import { publicRoute } from "@/server/http/route";

export const dynamic = "force-dynamic";

const live = async () => Response.json({ status: "live" }, { headers: { "Cache-Control": "no-store" } });

export const GET = publicRoute("liveness: orchestrators restart an instance that stops answering", live);
export const HEAD = publicRoute(
  "liveness: orchestrators restart an instance that stops answering",
  async () => new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } }),
);
