// `npm start`: builds the dashboard if needed, starts the sandbox gateway (unless a real gateway is configured)
// and the dashboard together on this machine, and prints the URL. Ctrl+C stops both.
// stdout carries only the dashboard's JSON log lines (what a log shipper reads); what is written for a person (the
// banner, warnings, why it stopped) goes to stderr, and the sandbox's own log to DATA_DIR/sandbox.log.
// Honours PORT (3000), SANDBOX_PORT (4010), DATA_DIR (.data), HOST (127.0.0.1) and every variable of the README.
import fs from "node:fs";
import path from "node:path";
import { readConfig, ConfigError } from "../server/config";
import { webhookPath } from "../server/webhook-secret";
import { buildIsFresh } from "./lib/build-freshness";
import { firstAdminFile, readFirstAdmin, sandboxLog, sandboxSmtpPortEnv, startBanner, startWarnings } from "./lib/start-banner";
import { quietBuild } from "./lib/next-build";
import { bin, ROOT, startChild, stopAll, waitForUrl } from "./lib/processes";
import type { ChildProcess } from "node:child_process";

async function main() {
  let config;
  try {
    config = readConfig(process.env);
  } catch (e) {
    // e.g. a real gateway without SMTP_URL: invitations and password resets could reach nobody.
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  for (const warning of startWarnings(config)) console.error(`WARNING: ${warning}`);
  const host = process.env.HOST ?? "127.0.0.1";
  const sandboxPort = Number(process.env.SANDBOX_PORT ?? 4010);
  const distDir = process.env.NEXT_DIST_DIR ?? ".next";
  fs.mkdirSync(config.dataDir, { recursive: true });

  // The browser tests build once and start two dashboards from that build: they must not rebuild it.
  const useBuildAsIs = process.env.DASHBOARD_USE_EXISTING_BUILD === "1" && fs.existsSync(path.join(ROOT, distDir, "BUILD_ID"));
  if (!useBuildAsIs && !buildIsFresh(ROOT, distDir)) {
    console.error("Building the dashboard (first start, or the sources changed)…");
    const code = await quietBuild((line) => console.error(line));
    if (code !== 0) {
      console.error("The build failed; see the output above.");
      process.exit(code);
    }
  }

  const children: ChildProcess[] = [];
  // Marks the embedded database as in use, so that command-line tools refuse to open it alongside the dashboard.
  const pidFile = path.join(config.dataDir, "dashboard.pid");
  fs.writeFileSync(pidFile, String(process.pid));
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    // The dashboard finishes its requests in flight within SHUTDOWN_GRACE_SECONDS, then stops its workers.
    await stopAll(children, config.shutdownGraceMs + 5_000);
    fs.rmSync(pidFile, { force: true });
    process.exit(code);
  };
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));

  const appEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATA_DIR: config.dataDir,
    PORT: String(config.port),
    // next-auth builds its own URLs from this; the dashboard's public address is APP_URL.
    NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? config.appUrl,
    // The app stops gracefully itself (server/lifecycle/shutdown.ts): Next's own handler stands aside.
    NEXT_MANUAL_SIG_HANDLE: "true",
    // One process on one machine, no load balancer to notice a draining readiness: stop taking connections at once
    // (the packaged app keeps the 5 s default, for the balancer in front of it).
    SHUTDOWN_DELAY_SECONDS: process.env.SHUTDOWN_DELAY_SECONDS ?? "0",
    // A trial against the sandbox keeps the console for the banner and real warnings: no access line per request
    // (LOG_LEVEL=info brings them back). With a real gateway the default stays info, as operators expect.
    LOG_LEVEL: process.env.LOG_LEVEL ?? (config.testMode ? "warn" : "info"),
  };

  if (config.testMode) {
    const sandbox = startChild(
      "sandbox",
      bin("tsx"),
      [path.join(ROOT, "sandbox/main.ts")],
      {
        ...appEnv,
        SANDBOX_PORT: String(sandboxPort),
        // The local mail catcher runs when the dashboard mails it (test mode, no SMTP_URL); "off" otherwise.
        SANDBOX_SMTP_PORT: sandboxSmtpPortEnv(config),
        SANDBOX_CALLBACK_URL: process.env.SANDBOX_CALLBACK_URL ?? `http://127.0.0.1:${config.port}${webhookPath(config)}`,
      },
      { file: sandboxLog(config) },
    );
    children.push(sandbox);
    sandbox.on("exit", (code) => {
      if (!stopping) {
        console.error(`The sandbox gateway stopped (code ${code}; its log: ${sandboxLog(config)}); stopping the dashboard.`);
        void stop(1);
      }
    });
    await waitForUrl(`http://127.0.0.1:${sandboxPort}/__sandbox/health`, 30_000, sandbox);
  }

  const app = startChild("dashboard", bin("next"), ["start", "-p", String(config.port), "-H", host], appEnv);
  children.push(app);
  app.on("exit", (code) => {
    if (!stopping) {
      console.error(`The dashboard stopped (code ${code}).`);
      void stop(1);
    }
  });
  const url = `http://${host === "0.0.0.0" ? "localhost" : host}:${config.port}`;
  await waitForUrl(`${url}/api/health`, 60_000, app);
  console.error("");
  const adminFile = firstAdminFile(config);
  // In a sandbox trial the first sign-in is shown here, so nobody has to find a file; with a real gateway it stays
  // only in the file (mode 0600): a process's output ends up in log stores many people can read.
  const firstSignIn = config.testMode && adminFile ? readFirstAdmin(adminFile) : null;
  for (const line of startBanner(config, { dashboardUrl: url, sandboxPort, firstAdminFile: adminFile, firstSignIn })) console.error(line);
  for (const warning of startWarnings(config)) console.error(`  WARNING: ${warning}`);
  console.error("  Press Ctrl+C to stop.");
  console.error("");
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
