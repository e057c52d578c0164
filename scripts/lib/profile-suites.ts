// The tests that run a second time under GATEWAY_PROFILE=family in `npm test`: those tagged "gateway-profile" (the
// signing, the parsers and the gateway calls the profile changes; vitest.config.ts defines the tag). The family pass
// runs the files that carry the tag with `--tags-filter`, so there is no list of paths to go stale;
// tests/lint/gateway-profile-tags.test.ts fails when code that reads the profile is reached by no tagged test.
import fs from "node:fs";
import path from "node:path";

export const PROFILE_TAG = "gateway-profile";
const TAGGED = new RegExp(`tags:\\s*\\[[^\\]]*"${PROFILE_TAG}"`);

function* testFiles(dir: string): Generator<string> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === "node_modules" || e.name.startsWith(".")) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* testFiles(p);
    else if (/\.test\.tsx?$/.test(e.name)) yield p;
  }
}

/** The test files (relative to root, sorted) with at least one describe or test tagged for the family pass. */
export function profileTaggedFiles(root: string): string[] {
  const found: string[] = [];
  for (const dir of ["app", "components", "lib", "server", "sandbox", "scripts", "tests"]) {
    if (!fs.existsSync(path.join(root, dir))) continue;
    for (const f of testFiles(path.join(root, dir))) if (TAGGED.test(fs.readFileSync(f, "utf8"))) found.push(path.relative(root, f));
  }
  return found.sort();
}
