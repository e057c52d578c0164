// GET /api/health/ready: 200 when this instance can serve (database, migrations, workers), else 503 naming the
// failed check. Not the gateway's state: that is /api/health/gateway, for signed-in staff.
import { readinessResponse } from "@/server/http/health-responses";
import { publicRoute } from "@/server/http/route";

export const dynamic = "force-dynamic";

export const GET = publicRoute("readiness: load balancers take an instance out while it answers 503", readinessResponse);
