// Rule guarded: one process per embedded database. A second process on the same DATA_DIR would keep its own copy in
// memory and lose the other's writes silently, so it must refuse to start and name the PID holding the lock; a lock
// left by a dead process (a crash, a container restarted with the same PID) must not keep the dashboard down.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, LOCK_FILE, lockDataDir } from "./data-dir-lock";

const dirs: string[] = [];
function dataDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "lock-"));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A process that is running (for the length of the test), and its PID. */
function liveProcess(): { pid: number; stop: () => void } {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"], { stdio: "ignore" });
  return { pid: child.pid!, stop: () => child.kill("SIGKILL") };
}

/** The PID of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.on("exit", resolve));
  return child.pid!;
}

describe("the embedded database's DATA_DIR lock", () => {
  it("is taken with this process's PID in a file only its owner can read, and released", () => {
    const dir = dataDir();
    const release = lockDataDir(dir);
    const file = path.join(dir, LOCK_FILE);
    expect(fs.readFileSync(file, "utf8").trim()).toBe(String(process.pid));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    release();
    expect(fs.existsSync(file)).toBe(false);
    lockDataDir(dir)(); // free again
  });

  it("refuses a second process while the first runs, naming its PID", () => {
    const dir = dataDir();
    const other = liveProcess();
    try {
      fs.writeFileSync(path.join(dir, LOCK_FILE), `${other.pid}\n`);
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(`in use by process ${other.pid}`);
      expect(fs.readFileSync(path.join(dir, LOCK_FILE), "utf8").trim()).toBe(String(other.pid)); // left as it was
    } finally {
      other.stop();
    }
  });

  it("refuses to open the same directory twice in one process", () => {
    const dir = dataDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow("already open in this process");
    release();
  });

  it("takes over a lock whose process has died (a crash must not keep the dashboard down)", async () => {
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE), `${await deadPid()}\n`);
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
    release();
  });

  it("takes over a lock holding its own PID that it does not hold (a container restarted as the same PID)", () => {
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE), `${process.pid}\n`);
    lockDataDir(dir)();
  });

  it("takes over an unreadable or empty lock file", () => {
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE), "");
    lockDataDir(dir)();
  });

  it("a release after another process took over a stale lock leaves that process's lock alone", () => {
    const dir = dataDir();
    const release = lockDataDir(dir);
    const other = liveProcess();
    try {
      fs.writeFileSync(path.join(dir, LOCK_FILE), `${other.pid}\n`);
      release();
      expect(fs.readFileSync(path.join(dir, LOCK_FILE), "utf8").trim()).toBe(String(other.pid));
    } finally {
      other.stop();
    }
  });
});
