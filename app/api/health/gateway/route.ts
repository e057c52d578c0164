// GET /api/health/gateway: whether the gateway's host accepts a connection and how fast, and whether this is the
// sandbox. For signed-in staff only: the public health answers never name the gateway's host.
import { route } from "@/server/http/route";
import { checkGateway } from "@/server/health";

export const dynamic = "force-dynamic";

export const GET = route({ permission: "authenticated" }, async () => checkGateway());
