// The production entry point of the packaged dashboard (dist/start.mjs, the Dockerfile's CMD): Next's standalone
// server with the settings scripts/start.ts gives `next start`, in plain Node (no tsx, no devDependencies).
// - NODE_ENV=production; NEXTAUTH_URL defaults to APP_URL (next-auth builds its URLs from it);
// - NEXT_MANUAL_SIG_HANDLE: the app's own graceful stop (server/lifecycle/shutdown.ts) handles SIGTERM, not Next's;
// - HOSTNAME comes from HOST (default 127.0.0.1): Next's server listens on HOSTNAME, which Docker sets to the
//   container's id, so it is never taken from the environment as it stands;
// - DATA_DIR is resolved against the directory this was started from, before Next's server changes into its own.
import path from "node:path";

process.env.NODE_ENV = "production";
process.env.NEXT_TELEMETRY_DISABLED = "1";
process.env.NEXT_MANUAL_SIG_HANDLE ??= "true";
if (!process.env.NEXTAUTH_URL && process.env.APP_URL) process.env.NEXTAUTH_URL = process.env.APP_URL;
process.env.HOSTNAME = process.env.HOST || "127.0.0.1";
process.env.PORT ||= "3000";
process.env.DATA_DIR = path.resolve(process.env.DATA_DIR || ".data");

await import("./server.js");
