// PCI DSS 6.4.3: writes the payment pages' script inventory of a build (<distDir>/script-inventory.json: every
// script, its sha384 in SRI form, why it is there) and prints it. Fails when the build cannot be read, a file
// differs from Next's own SRI manifest, or SRI is configured and the build wrote no manifest.
//   tsx scripts/script-inventory.ts [distDir]      default: NEXT_DIST_DIR or .next
// `npm test` runs it on its one build, right after the build; the browser suite then compares what Chromium loads
// on each payment page with the file (e2e/payment-page-scripts.spec.ts). `npm run package` writes it too.
import path from "node:path";
import { describeInventory, INVENTORY_FILE, writeScriptInventory } from "./lib/script-inventory";
import { ROOT } from "./lib/processes";

const distDir = path.resolve(ROOT, process.argv[2] ?? process.env.NEXT_DIST_DIR ?? ".next");
try {
  const inventory = writeScriptInventory(distDir);
  console.log(describeInventory(inventory));
  if (inventory.sri.algorithm && !inventory.sri.manifest) {
    console.error(`script inventory: next.config sets experimental.sri (${inventory.sri.algorithm}) but the build wrote no SRI manifest`);
    process.exit(1);
  }
  console.log(
    `script inventory: ${inventory.scripts.length} scripts on ${inventory.pages.length} payment pages, written to ${path.relative(ROOT, path.join(distDir, INVENTORY_FILE))}`,
  );
} catch (e) {
  console.error(`script inventory FAILED: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
