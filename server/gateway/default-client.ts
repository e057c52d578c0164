// The process's gateway client: built once from the validated configuration, recording every call (redacted) in
// the gateway-call log. Services get it from here; nothing else constructs a client with the real secrets.
import "server-only";
import { getDatabase } from "../db";
import { createGatewayCallLog } from "../db/gateway-call-log";
import { env } from "../env";
import { logger } from "../log/logger";
import { createGatewayClient, type GatewayClient } from "./client";

const globalKey = Symbol.for("merchant-dashboard.gateway-client");
type Holder = { [globalKey]?: Promise<GatewayClient> };

export function gatewayClient(): Promise<GatewayClient> {
  const holder = globalThis as Holder;
  holder[globalKey] ??= (async () => {
    const { db } = await getDatabase();
    const callLog = createGatewayCallLog(db);
    return createGatewayClient(env().gateway, { recorder: callLog, logger });
  })();
  return holder[globalKey];
}
