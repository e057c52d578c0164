// The tests that run a second time under GATEWAY_PROFILE=family in `npm test`: those tagged "gateway-profile" (the
// signing, the parsers and the gateway calls the profile changes; vitest.config.ts defines the tag). The family pass
// runs the files that carry the tag with `--tags-filter`, so there is no list of paths to go stale;
// tests/lint/gateway-profile-tags.test.ts fails when code that reads the profile is reached by no tagged test.
import fs from "node:fs";
import path from "node:path";
import { sourceFiles } from "./source-files";

export const PROFILE_TAG = "gateway-profile";
const TAGGED = new RegExp(`tags:\\s*\\[[^\\]]*"${PROFILE_TAG}"`);

/** The test files (relative to root, sorted) with at least one describe or test tagged for the family pass. */
export function profileTaggedFiles(root: string): string[] {
  return sourceFiles(root, ["app", "components", "lib", "server", "sandbox", "scripts", "tests"], /\.test\.tsx?$/)
    .filter((f) => TAGGED.test(fs.readFileSync(f, "utf8")))
    .map((f) => path.relative(root, f))
    .sort();
}
