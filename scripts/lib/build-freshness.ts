// Decides whether the production build is older than the sources, so `npm start` builds only when needed.
import fs from "node:fs";
import path from "node:path";

const SOURCES = [
  "app",
  "components",
  "lib",
  "messages",
  "server",
  "proxy.ts",
  "instrumentation.ts",
  "public",
  "package-lock.json",
  "next.config.mjs",
  "tailwind.config.ts",
  "postcss.config.mjs",
  "tsconfig.json",
];

function newestMtime(p: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

export function buildIsFresh(root: string, distDir: string): boolean {
  let built: number;
  try {
    built = fs.statSync(path.join(root, distDir, "BUILD_ID")).mtimeMs;
  } catch {
    return false;
  }
  return SOURCES.every((s) => newestMtime(path.join(root, s)) <= built);
}
