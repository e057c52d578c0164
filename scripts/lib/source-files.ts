// The project's source files under some top-level folders, for the checks that read code as text (the test lints,
// the family pass's tagged files). Skips node_modules and dot-folders.
import fs from "node:fs";
import path from "node:path";

/** Every file under `root/<dir>` (for each of `dirs` that exists) whose name matches `name`, as absolute paths. */
export function sourceFiles(root: string, dirs: readonly string[], name: RegExp): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.name === "node_modules" || e.name.startsWith(".")) continue;
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (name.test(e.name)) found.push(p);
    }
  };
  for (const d of dirs) if (fs.existsSync(path.join(root, d))) walk(path.join(root, d));
  return found;
}
