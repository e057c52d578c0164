// GET /api/metrics: the Prometheus metrics of this instance (text exposition format), for a scraper that sends
// METRICS_TOKEN as a bearer token; 404 when METRICS_TOKEN is unset. No session: the token is the credential.
import { getDatabase } from "@/server/db";
import { env } from "@/server/env";
import { publicRoute } from "@/server/http/route";
import { createMetricsHandler } from "@/server/metrics/handler";

export const dynamic = "force-dynamic";

const metrics = createMetricsHandler({
  token: () => env().metricsToken,
  database: async () => (await getDatabase()).db,
});

export const GET = publicRoute("metrics: Prometheus scrapes it, authenticated by the METRICS_TOKEN bearer token", (req) => metrics(req));
