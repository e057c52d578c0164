// Every `next build` the scripts run (npm start, the e2e suite, the bench, the secrets check) goes through here:
// Next.js adds its dist folder's type folders to tsconfig.json's `include` on each build with a new NEXT_DIST_DIR,
// which would leave a tracked file changed after a test or bench run. The file is put back byte for byte with its
// old modification time (a newer tsconfig.json would make the build look stale to build-freshness.ts).
import fs from "node:fs";
import path from "node:path";
import { bin, ROOT, run, runCaptured } from "./processes";

/** Runs `work` and then restores `file` exactly (content and times) if `work` changed it; returns work's result. */
export async function keepingFileAsIs<T>(file: string, work: () => Promise<T>): Promise<T> {
  const before = fs.readFileSync(file);
  const stat = fs.statSync(file);
  try {
    return await work();
  } finally {
    if (!fs.readFileSync(file).equals(before)) {
      fs.writeFileSync(file, before);
      fs.utimesSync(file, stat.atime, stat.mtime);
    }
  }
}

/** `next build` into `env.NEXT_DIST_DIR` (default .next) with tsconfig.json left as it was; returns the exit code. */
export function nextBuild(env: NodeJS.ProcessEnv = process.env, root = ROOT): Promise<number> {
  return keepingFileAsIs(path.join(root, "tsconfig.json"), () => run(bin("next"), ["build"], { NEXT_TELEMETRY_DISABLED: "1", ...env }));
}

/**
 * `npm start`'s build: quiet, with a line of progress every 15 seconds instead of the compiler's silence and Next's
 * route table, and without Next's type check (`npm test` has it); the build's own output only when it failed.
 */
export async function quietBuild(log: (line: string) => void, env: NodeJS.ProcessEnv = process.env, root = ROOT): Promise<number> {
  const started = Date.now();
  const ticker = setInterval(() => {
    const s = Math.round((Date.now() - started) / 1000);
    log(`  … still building (${s} s; the first build takes two to five minutes on a laptop)`);
  }, 15_000);
  try {
    const { code, output } = await keepingFileAsIs(path.join(root, "tsconfig.json"), () =>
      runCaptured(bin("next"), ["build"], { NEXT_TELEMETRY_DISABLED: "1", DASHBOARD_SKIP_TYPECHECK: "1", ...env }),
    );
    if (code !== 0) log(output.trim().split("\n").slice(-60).join("\n"));
    else log(`  Built in ${Math.round((Date.now() - started) / 1000)} s.`);
    return code;
  } finally {
    clearInterval(ticker);
  }
}
