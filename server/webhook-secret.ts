// The notification receiver's path secret: GATEWAY_WEBHOOK_SECRET, or one generated into DATA_DIR.
// No `import "server-only"`: scripts/start.ts builds the sandbox's callback URL from it.
import type { AppConfig } from "./config";
import { registerSecretValues } from "./log/logger";
import { readOrCreateSecret } from "./secret-files";

export function webhookSecret(config: AppConfig): string {
  const secret = config.webhookSecret ?? readOrCreateSecret(config.dataDir, "webhook-secret");
  // The default logger redacts it wherever it appears (it is the whole credential of the notification receiver).
  registerSecretValues([secret]);
  return secret;
}

export function webhookPath(config: AppConfig): string {
  return `/api/webhooks/gateway/${webhookSecret(config)}`;
}
