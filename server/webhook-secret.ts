// The notification receiver's path secret: GATEWAY_WEBHOOK_SECRET, or one generated into DATA_DIR.
// No `import "server-only"`: scripts/start.ts builds the sandbox's callback URL from it.
import type { AppConfig } from "./config";
import { readOrCreateSecret } from "./secret-files";

export function webhookSecret(config: AppConfig): string {
  return config.webhookSecret ?? readOrCreateSecret(config.dataDir, "webhook-secret");
}

export function webhookPath(config: AppConfig): string {
  return `/api/webhooks/gateway/${webhookSecret(config)}`;
}
