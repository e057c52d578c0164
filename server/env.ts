// The one place that reads process.env, validated with zod. Everything else asks `env()` for typed values.
// Secrets never leave server/: this module is server-only and its values are never sent to the browser.
import "server-only";
import { readConfig, type AppConfig } from "./config";
import { registerSecretValues } from "./log/logger";

let cached: AppConfig | null = null;

/** The SMTP password (as written in SMTP_URL and decoded): never in a log line. */
function smtpSecrets(url: string): string[] {
  const password = URL.canParse(url) ? new URL(url).password : "";
  if (!password) return [];
  try {
    return [password, decodeURIComponent(password)];
  } catch {
    return [password]; // a stray % in the URL: the raw form is what could be logged
  }
}

/** The validated configuration of this process (read once). Throws with every problem listed when invalid. */
export function env(): AppConfig {
  if (!cached) {
    cached = readConfig(process.env);
    registerSecretValues([
      cached.gateway.apiKey,
      cached.gateway.merchantSecret,
      cached.webhookSecret,
      cached.authSecret,
      cached.auditChain.key,
      ...cached.auditChain.previousKeys,
      cached.metricsToken,
      ...smtpSecrets(cached.mail.smtpUrl),
    ]);
  }
  return cached;
}
