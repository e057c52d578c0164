// The embedded database (PGlite) is one process's files: two processes that open the same DATA_DIR each keep their
// own copy in memory, their data diverges and one side's writes are lost without an error. So whoever opens it
// (the dashboard, `npm run user:create`, a backup) first takes DATA_DIR/pglite.lock, a file created exclusively that
// holds the owner's PID; a second process refuses to start and names that PID.
// A lock left by a process that died (a crash, a killed container) is taken over: its PID is no longer running, or
// it is this process's own PID while this process holds no lock there (a container restarted with the same PID 1).
// No `import "server-only"`: scripts open the database too.
import fs from "node:fs";
import path from "node:path";

export const LOCK_FILE = "pglite.lock";

/**
 * Lock files this process holds: opening the same directory twice in one process is refused as well. On globalThis
 * because Next.js may load this module once per server bundle within one process.
 */
const held: Set<string> = ((globalThis as { __dataDirLocks?: Set<string> }).__dataDirLocks ??= new Set<string>());

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
  constructor(
    readonly dataDir: string,
    /** The holder's PID; null when another process took the lock while this one was taking over a stale one. */
    readonly pid: number | null,
  ) {
    super(
      pid === process.pid
        ? `The embedded database in ${dataDir} is already open in this process.`
        : `The embedded database in ${dataDir} is in use by ${pid ? `process ${pid}` : "another process"}. Stop it ` +
            `first (or give this one a DATA_DIR of its own); two processes on one embedded database lose each other's writes.`,
    );
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists, under another user.
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

function ownerOf(file: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, "utf8").trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null; // gone meanwhile, or unreadable: treated as stale
  }
}

/**
 * Takes the lock on `dataDir` (which must exist) and returns its release. Throws DataDirLockedError while another
 * live process holds it.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.resolve(dataDir, LOCK_FILE);
  if (held.has(file)) throw new DataDirLockedError(dataDir, process.pid);
  // Two tries: the second after removing a stale lock. A process racing us for the same stale lock either creates
  // the file first (we then see a live owner and refuse) or finds ours.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: "wx", mode: 0o600 });
      held.add(file);
      return () => {
        if (!held.delete(file)) return;
        if (ownerOf(file) === process.pid) fs.rmSync(file, { force: true });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const owner = ownerOf(file);
      if (owner !== null && owner !== process.pid && running(owner)) throw new DataDirLockedError(dataDir, owner);
      if (attempt === 1) throw new DataDirLockedError(dataDir, owner);
      fs.rmSync(file, { force: true });
    }
  }
  /* c8 ignore next */
  throw new Error("unreachable");
}
