// The secret that signs session cookies: NEXTAUTH_SECRET when set (required when several app instances share a
// database), otherwise one generated on first start and kept in DATA_DIR/auth-secret (mode 0600).
import "server-only";
import { env } from "../env";
import { registerSecretValues } from "../log/logger";
import { readOrCreateSecret } from "../secret-files";

let cached: string | null = null;

export function authSecret(): string {
  if (!cached) {
    cached = env().authSecret ?? readOrCreateSecret(env().dataDir, "auth-secret");
    registerSecretValues([cached]);
  }
  return cached;
}
