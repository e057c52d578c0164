// `npm run test:e2e`: makes sure the system Chromium is there (installing Debian's package when root on Debian),
// then runs the Playwright suite against the built dashboard. Never downloads a browser.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildIsFresh } from "./lib/build-freshness";
import { chromiumPath, DEBIAN_HEADLESS_SHELL } from "./lib/chromium";
import { nextBuild } from "./lib/next-build";
import { bin, ROOT, run } from "./lib/processes";

const CHROMIUM = chromiumPath();

// Debian's headless shell is the lean browser for headless tests (scripts/lib/chromium.ts); when root on Debian, a
// missing one is installed with the full browser (Lighthouse needs that), and a failed install of it alone is not fatal.
async function ensureChromium(): Promise<void> {
  const chosen = Boolean(process.env.CHROMIUM_PATH);
  if (fs.existsSync(CHROMIUM) && (chosen || fs.existsSync(DEBIAN_HEADLESS_SHELL))) return;
  const isRoot = process.getuid?.() === 0;
  const isDebian = fs.existsSync("/etc/debian_version");
  if (isRoot && isDebian && !chosen) {
    console.log("Chromium is missing: installing Debian's chromium and chromium-headless-shell packages…");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const installed =
      (await run("apt-get", ["update", "-qq"], env)) === 0 &&
      (await run("apt-get", ["install", "-y", "-qq", "chromium", "chromium-headless-shell"], env)) === 0;
    if (installed || fs.existsSync(chromiumPath())) return;
  } else if (fs.existsSync(CHROMIUM)) return;
  console.error(
    `Chromium was not found at ${CHROMIUM}. Install it (Debian/Ubuntu: \`sudo apt-get install -y chromium chromium-headless-shell\`) ` +
      "or point CHROMIUM_PATH at a Chromium or Chrome binary.",
  );
  process.exit(1);
}

await ensureChromium();
// Build once here: the suite starts two dashboards from the same build, which must not both try to build it.
if (!buildIsFresh(ROOT, process.env.NEXT_DIST_DIR ?? ".next")) {
  const built = await nextBuild();
  if (built !== 0) process.exit(built);
}
// A run id of our own, so that the run's data directories are known here afterwards.
const runId = `${process.pid}-${Date.now().toString(36)}`;
const dataDirs = [`dashboard-e2e-${runId}`, `dashboard-e2e-${runId}-short`, `dashboard-e2e-${runId}-mfa`].map((d) =>
  path.join(os.tmpdir(), d),
);
const code = await run(bin("playwright"), ["test", ...process.argv.slice(2)], {
  ...process.env,
  E2E_RUN_ID: runId,
  DASHBOARD_USE_EXISTING_BUILD: "1",
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1",
});
// The servers have stopped: no card number or CVV may be left in their databases or logs.
const scan = await run(bin("tsx"), [path.join(ROOT, "scripts/scan-e2e-data.ts"), ...dataDirs]);
if (code === 0 && scan === 0) for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
else console.log(`e2e data kept for inspection: ${dataDirs.join(" ")}`);
process.exit(code || scan);
