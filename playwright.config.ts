// Playwright drives the BUILT dashboard (via `npm start`, which also starts a fresh sandbox) in the system
// Chromium. It never downloads a browser: scripts/e2e.ts makes sure Debian's chromium is installed first.
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { chromiumPath } from "./scripts/lib/chromium";

const port = Number(process.env.E2E_PORT ?? 3100);
const sandboxPort = Number(process.env.E2E_SANDBOX_PORT ?? 4110);
// A second dashboard with a 6-second idle limit, for the session-expiry test (same build, its own data).
const shortPort = port + 1;
const shortSandboxPort = sandboxPort + 1;
// A third dashboard with MFA_REQUIRED=all, for the second-factor specs (e2e/mfa.spec.ts). The other two run with
// MFA_REQUIRED=none: their specs sign in with a password alone.
const mfaPort = port + 2;
const mfaSandboxPort = sandboxPort + 2;
const runId = process.env.E2E_RUN_ID ?? String(process.pid);
export const e2eDataDirs = [
  path.join(os.tmpdir(), `dashboard-e2e-${runId}`),
  path.join(os.tmpdir(), `dashboard-e2e-${runId}-short`),
  path.join(os.tmpdir(), `dashboard-e2e-${runId}-mfa`),
];
const dataDir = e2eDataDirs[0]!;

// Runs on other ports (several at once on one checkout) keep their results apart from the default run's.
const results = process.env.E2E_PORT ? `test-results/e2e-${port}` : "test-results/e2e";

export const e2eUrls = {
  app: `http://127.0.0.1:${port}`,
  sandbox: `http://127.0.0.1:${sandboxPort}`,
  shortSessionApp: `http://127.0.0.1:${shortPort}`,
  // A host name, not an IP address: WebAuthn refuses an IP address as the relying party id (passkeys).
  mfaApp: `http://localhost:${mfaPort}`,
  // The MFA dashboard's own sandbox: its mail catcher holds that dashboard's mail.
  mfaSandbox: `http://127.0.0.1:${mfaSandboxPort}`,
};

function server(p: number, sp: number, dir: string, extra: Record<string, string> = {}) {
  return {
    command: "npx tsx e2e/support/start-seeded.ts",
    url: `http://127.0.0.1:${p}/api/health`,
    timeout: 600_000,
    reuseExistingServer: false,
    // The dashboards' JSON log (an access line per request) goes to DATA_DIR/server.log, which the card-data scan
    // reads after the run; on the console it would bury the test report. stderr (the banner, errors) is shown.
    stdout: "ignore" as const,
    env: {
      PORT: String(p),
      SANDBOX_PORT: String(sp),
      DATA_DIR: dir,
      APP_URL: `http://127.0.0.1:${p}`,
      MFA_REQUIRED: "none",
      // Mastercard authorizations are held one day here, so the Captures screen's "expires within 24 h" state is
      // reachable in a browser test (screens-captures.spec.ts); every other brand keeps the default 7 days.
      AUTH_HOLD_DAYS: "default=7,Mastercard=1",
      ...extra,
    },
  };
}

export default defineConfig({
  testDir: "./e2e",
  outputDir: `./${results}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // `npm run test:soak` names a report file per run.
  reporter: [
    ["list"],
    [
      "json",
      {
        outputFile:
          process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? (process.env.E2E_PORT ? `${results}/playwright.json` : "test-results/playwright.json"),
      },
    ],
  ],
  use: {
    baseURL: e2eUrls.app,
    // No trace by default: recording one for every test (kept only on failure) cost 13 % of the suite's wall time on
    // two cores, mostly the browser encoding a screencast. A failure keeps its screenshot and error context; to
    // investigate one, run it again with `npm run test:e2e -- <spec> --trace retain-on-failure`.
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath(),
      // The machine has no route to the internet: keep Chromium from trying (see the README).
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  // Fresh databases and sandboxes for every run. The second server waits for the first one's build.
  // The main server's billing-plan scheduler runs every 2 s and retries a decline after 5 s (billing-plans.spec.ts);
  // it only charges plans, which only that spec creates.
  webServer: [
    server(port, sandboxPort, dataDir, { PLAN_SCHEDULER_INTERVAL_SECONDS: "2", PLAN_RETRY_DELAYS: "5s,5s,5s" }),
    server(shortPort, shortSandboxPort, e2eDataDirs[1]!, { SESSION_IDLE_MINUTES: "0.1" }),
    // Step-up after 6 s instead of 5 minutes, so that mfa.spec.ts can see the step-up dialog without waiting.
    server(mfaPort, mfaSandboxPort, e2eDataDirs[2]!, {
      MFA_REQUIRED: "all",
      STEP_UP_MINUTES: "0.1",
      APP_URL: `http://localhost:${mfaPort}`,
    }),
  ],
});
