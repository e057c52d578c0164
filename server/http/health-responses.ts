// The readiness answer shared by GET /api/health and GET /api/health/ready: 200 or 503, never cached.
import "server-only";
import { checkReadiness } from "../health";

export async function readinessResponse(): Promise<Response> {
  const readiness = await checkReadiness();
  return Response.json(readiness, { status: readiness.status === "ready" ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
