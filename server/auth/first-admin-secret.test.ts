// Rule guarded (PCI DSS 8.3.1, logs): the generated first password never reaches stdout, where log stores keep it;
// it is written to a file only the dashboard's OS user can read.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FIRST_ADMIN_FILE, writeFirstAdminSecret } from "./first-admin-secret";

describe("the first super-admin's generated password", () => {
  it("is written to DATA_DIR in a file of mode 0600 holding the e-mail and password", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "first-admin-"));
    try {
      const file = writeFirstAdminSecret(dir, "admin@example.com", "generated-Pa55word");
      expect(file).toBe(path.join(dir, FIRST_ADMIN_FILE));
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const text = fs.readFileSync(file, "utf8");
      expect(text).toContain("admin@example.com");
      expect(text).toContain("generated-Pa55word");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("replaces a file left readable by others with a new private one", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "first-admin-"));
    try {
      fs.writeFileSync(path.join(dir, FIRST_ADMIN_FILE), "old", { mode: 0o644 });
      const file = writeFirstAdminSecret(dir, "admin@example.com", "second-Pa55word");
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(file, "utf8")).not.toContain("old");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
