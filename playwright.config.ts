// Playwright drives the BUILT dashboard (via `npm start`, which also starts a fresh sandbox) in the system
// Chromium. It never downloads a browser: scripts/e2e.ts makes sure /usr/bin/chromium exists first.
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const sandboxPort = Number(process.env.E2E_SANDBOX_PORT ?? 4110);
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `dashboard-e2e-${process.pid}`);

export const e2eUrls = {
  app: `http://127.0.0.1:${port}`,
  sandbox: `http://127.0.0.1:${sandboxPort}`,
};

export default defineConfig({
  testDir: "./e2e",
  outputDir: "./test-results/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: {
    baseURL: e2eUrls.app,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
  webServer: {
    command: "npx tsx scripts/start.ts",
    url: `${e2eUrls.app}/api/health`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      DATA_DIR: dataDir,
      // A fresh sandbox and database for every run; callbacks go to this run's dashboard.
      SANDBOX_CALLBACK_URL: `${`http://127.0.0.1:${port}`}/api/webhooks/gateway`,
    },
  },
});
