// Rules guarded (operators, data safety): a backup of the embedded database restores into a fresh directory with
// every row and an intact audit hash chain; a backup is readable by the dashboard's OS user only; a restore never
// writes over a directory in use; a backup cannot be taken while the dashboard holds the database (it would not be
// a consistent copy, and two processes on one embedded database lose writes).
// Opens embedded databases in directories of its own on purpose: allowed in tests/lint/test-databases.test.ts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { createUser, seedLocalRoles } from "../auth/users";
import { backupEmbedded, restoreEmbedded } from "./backup";
import { openDatabase } from "./client";
import { DataDirLockedError } from "./data-dir-lock";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** An embedded database in a directory, started from the run's migrated template, with two users (audited). */
async function populated(dir: string): Promise<void> {
  const template = new Blob([fs.readFileSync(inject("pgliteTemplateFile"))]);
  const database = await openDatabase({ url: null, dataDir: dir, pgliteTemplate: template });
  try {
    await seedLocalRoles(database.db);
    const people: Array<{ email: string; name: string }> = [
      { email: "amal@backup.test", name: "Amal Haddad" },
      { email: "nour@backup.test", name: "Nour Saleh" },
    ];
    for (const { email, name } of people)
      await createUser(
        database.db,
        { email, name, password: null, userType: "USER", roleNames: ["finance"] },
        { id: null, email: "backup-test" },
      );
  } finally {
    await database.close();
  }
}

describe("backup and restore of the embedded database", () => {
  it("restores every row into a new directory with the audit chain intact; the backup file is 0600", async () => {
    const live = path.join(root, "live");
    await populated(live);
    const file = path.join(root, "backups", "dashboard.tar.gz");
    const backup = await backupEmbedded(live, file);
    expect(backup).toMatchObject({ users: 2, payments: 0 });
    expect(backup.auditRows).toBeGreaterThanOrEqual(2);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(`${file}.partial`)).toBe(false);

    const restored = await restoreEmbedded(file, path.join(root, "restored"));
    expect(restored).toMatchObject({ users: 2, payments: 0, auditRows: backup.auditRows, auditChain: "intact" });
    // The generated chain key that verified the rows goes with them (the database never holds it), mode 0600.
    const key = path.join(root, "restored", "audit-chain-key");
    expect(fs.statSync(key).mode & 0o777).toBe(0o600);
  });

  it("never restores over a directory that holds something", async () => {
    const busy = path.join(root, "busy");
    fs.mkdirSync(busy);
    fs.writeFileSync(path.join(busy, "keep.txt"), "mine");
    await expect(restoreEmbedded(path.join(root, "backups", "dashboard.tar.gz"), busy)).rejects.toThrow(/not empty/);
    expect(fs.readFileSync(path.join(busy, "keep.txt"), "utf8")).toBe("mine");
  });

  it("refuses to back up while another holder has the database open (no inconsistent copy)", async () => {
    const live = path.join(root, "live");
    const holder = await openDatabase({ url: null, dataDir: live });
    try {
      await expect(backupEmbedded(live, path.join(root, "backups", "second.tar.gz"))).rejects.toThrow(DataDirLockedError);
    } finally {
      await holder.close();
    }
    expect(fs.existsSync(path.join(root, "backups", "second.tar.gz"))).toBe(false);
  });
});
