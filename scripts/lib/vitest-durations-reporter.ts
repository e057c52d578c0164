// A Vitest reporter that writes each test file's time (import + its tests and hooks) to a JSON file, for the slowest
// files table `npm test` prints (scripts/lib/test-durations.ts). The file is named by VITEST_DURATIONS_FILE.
import fs from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

export interface FileDuration {
  file: string;
  /** Milliseconds: the harness, the imports and the suite callbacks, then every test and hook. */
  ms: number;
  importMs: number;
  tests: number;
}

export default class DurationsReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const out = process.env.VITEST_DURATIONS_FILE;
    if (!out) return;
    const rows: FileDuration[] = modules.map((m) => {
      const d = m.diagnostic();
      return {
        file: path.relative(process.cwd(), m.moduleId),
        ms: Math.round(d.prepareDuration + d.environmentSetupDuration + d.setupDuration + d.collectDuration + d.duration),
        importMs: Math.round(d.collectDuration),
        tests: [...m.children.allTests()].length,
      };
    });
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, JSON.stringify(rows, null, 1));
  }
}
