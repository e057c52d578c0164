// Secrets the dashboard generates for itself when not configured (the session-signing secret, the notification
// path secret), kept in DATA_DIR with mode 0600 so that restarts and the start script agree on them.
// No `import "server-only"`: scripts/start.ts reads the notification secret to tell the sandbox where to post.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export function readOrCreateSecret(dataDir: string, name: string, minLength = 32): string {
  const file = path.join(dataDir, name);
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= minLength) return existing;
  } catch {
    // not created yet
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const fresh = randomBytes(32).toString("base64url");
  try {
    fs.writeFileSync(file, fresh, { mode: 0o600, flag: "wx" });
    return fresh;
  } catch {
    return fs.readFileSync(file, "utf8").trim(); // another process created it first
  }
}
