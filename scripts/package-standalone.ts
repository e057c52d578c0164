// `npm run package [-- --out DIR]`: the deployable dashboard in one folder (default dist/), from the last build:
// Next's standalone server and the node_modules it traced, the static files and public/ (which Next leaves out of
// the standalone folder), the migrations (read from disk at start), and start.mjs. Run it after `npm run build`;
// the folder runs anywhere with Node 20 as `node start.mjs`, with nothing installed. The Dockerfile does the same
// steps, and `npm test` runs the result from an empty folder (scripts/check-standalone.ts).
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./lib/processes";
import { currentScriptInventory, INVENTORY_FILE } from "./lib/script-inventory";

export function packageStandalone(out: string, distDir = process.env.NEXT_DIST_DIR || ".next"): void {
  const build = path.join(ROOT, distDir);
  const standalone = path.join(build, "standalone");
  if (!fs.existsSync(path.join(standalone, "server.js"))) {
    throw new Error(`No standalone build in ${standalone}: run \`npm run build\` first.`);
  }
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  fs.cpSync(standalone, out, { recursive: true, verbatimSymlinks: true });
  fs.cpSync(path.join(build, "static"), path.join(out, distDir, "static"), { recursive: true });
  // PCI DSS 6.4.3: the payment pages' script inventory of this build travels with it (<out>/.next/script-inventory.json).
  currentScriptInventory(build);
  fs.copyFileSync(path.join(build, INVENTORY_FILE), path.join(out, distDir, INVENTORY_FILE));
  fs.cpSync(path.join(ROOT, "public"), path.join(out, "public"), { recursive: true });
  fs.cpSync(path.join(ROOT, "server/db/migrations"), path.join(out, "server/db/migrations"), { recursive: true });
  fs.copyFileSync(path.join(ROOT, "scripts/standalone/start.mjs"), path.join(out, "start.mjs"));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf("--out");
  const out = path.resolve(at > 0 && process.argv[at + 1] ? process.argv[at + 1]! : path.join(ROOT, "dist"));
  try {
    packageStandalone(out);
    console.log(`Packaged the dashboard in ${out}: run it with \`node ${path.relative(process.cwd(), path.join(out, "start.mjs"))}\`.`);
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  }
}
