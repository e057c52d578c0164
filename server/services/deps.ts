// What every service needs, passed in explicitly so that tests run services against a real database and a real
// sandbox of their own: the database, the gateway client, the configuration and a clock.
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import type { GatewayClient } from "../gateway/client";

export interface ServiceDeps {
  db: Db;
  gateway: GatewayClient;
  config: AppConfig;
  now: () => Date;
}
