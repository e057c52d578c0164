// The secret that signs session cookies: NEXTAUTH_SECRET when set (required when several app instances share a
// database), otherwise one generated on first start and kept in DATA_DIR/auth-secret (mode 0600).
import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "../env";

let cached: string | null = null;

export function authSecret(): string {
  if (cached) return cached;
  const config = env();
  if (config.authSecret) return (cached = config.authSecret);
  const file = path.join(config.dataDir, "auth-secret");
  try {
    cached = fs.readFileSync(file, "utf8").trim();
    if (cached.length >= 32) return cached;
  } catch {
    // not created yet
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const fresh = randomBytes(32).toString("base64url");
  try {
    fs.writeFileSync(file, fresh, { mode: 0o600, flag: "wx" });
    cached = fresh;
  } catch {
    cached = fs.readFileSync(file, "utf8").trim(); // another process created it first
  }
  return cached;
}
