// The process's gateway client: built once from the validated configuration, recording every call (redacted) in
// the gateway-call log. Services get it from here; nothing else constructs a client with the real secrets.
import "server-only";
import { getDatabase } from "../db";
import { createGatewayCallLog } from "../db/gateway-call-log";
import { env } from "../env";
import { logger } from "../log/logger";
import { processOnce, takeProcessOnce } from "../process-once";
import { createGatewayClient, type GatewayClient } from "./client";

const globalKey = Symbol.for("merchant-dashboard.gateway-client");

export function gatewayClient(): Promise<GatewayClient> {
  // Made again after a failure (the database unreachable at boot), never kept failed: process-once.ts.
  return processOnce(globalKey, async () => {
    const { db } = await getDatabase();
    const callLog = createGatewayCallLog(db);
    return createGatewayClient(env().gateway, { recorder: callLog, logger });
  });
}

/** Closes the process's gateway client (its connection pool), if one was made. */
export async function closeGatewayClient(): Promise<void> {
  const kept = takeProcessOnce<GatewayClient>(globalKey);
  if (kept) await (await kept.catch(() => null))?.close();
}
