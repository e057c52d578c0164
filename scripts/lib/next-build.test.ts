// Rule guarded (issue #17): a build made by the scripts never leaves a tracked file changed — tsconfig.json, which
// `next build` edits, comes back byte for byte with its old modification time (so the build does not look stale),
// whether the build succeeds or throws.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { keepingFileAsIs } from "./next-build";

describe("keepingFileAsIs (the scripts' builds leave tsconfig.json alone)", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "next-build-test-"));
  const file = path.join(dir, "tsconfig.json");
  const original = '{\n  "include": ["next-env.d.ts", "**/*.ts"]\n}\n';
  afterEach(() => fs.rmSync(file, { force: true }));

  const setUp = () => {
    fs.writeFileSync(file, original);
    const old = new Date("2024-01-02T03:04:05Z");
    fs.utimesSync(file, old, old);
    return old;
  };
  // What `next build` does with a new dist folder.
  const nextEdits = () => fs.writeFileSync(file, original.replace('"**/*.ts"]', '"**/*.ts", ".next-x/types/**/*.ts"]'));

  it("puts back the content and the modification time after a build that edited the file", async () => {
    const old = setUp();
    const result = await keepingFileAsIs(file, async () => {
      nextEdits();
      return 0;
    });
    expect(result).toBe(0);
    expect(fs.readFileSync(file, "utf8")).toBe(original);
    expect(fs.statSync(file).mtimeMs).toBe(old.getTime());
  });

  it("puts it back when the build throws", async () => {
    setUp();
    await expect(
      keepingFileAsIs(file, async () => {
        nextEdits();
        throw new Error("build failed");
      }),
    ).rejects.toThrow("build failed");
    expect(fs.readFileSync(file, "utf8")).toBe(original);
  });

  it("does not touch a file the build left alone", async () => {
    const old = setUp();
    await keepingFileAsIs(file, async () => 0);
    expect(fs.statSync(file).mtimeMs).toBe(old.getTime());
  });
});

describe("the scripts build only through nextBuild", () => {
  it("has no other `next build` call in scripts/ (bench-js builds a throw-away app in a temp directory)", () => {
    const root = path.resolve(__dirname, "..");
    const files = [
      ...fs.readdirSync(root).map((f) => path.join(root, f)),
      ...fs.readdirSync(__dirname).map((f) => path.join(__dirname, f)),
    ];
    const offenders = files
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.endsWith("next-build.ts") && !f.endsWith("bench-js.ts"))
      .filter((f) => /bin\("next"\),\s*\["build"/.test(fs.readFileSync(f, "utf8")));
    expect(offenders).toEqual([]);
  });
});
