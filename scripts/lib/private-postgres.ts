// A private PostgreSQL server for tests that stop, start or break the server itself: initdb into a temp dir, run on
// a free port, stop/start at will, removed at the end. The machine's shared server is never touched. Needs the
// Postgres binaries (Debian's postgresql package); as root, the server runs as the postgres user (it refuses root).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** The newest installed Postgres's bin directory, or null. */
function postgresBin(): string | null {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : null;
}

const BIN = postgresBin();
const isRoot = process.getuid?.() === 0;

/** Why no private server can run here, or null when one can. */
export function privatePostgresUnavailable(): string | null {
  if (!BIN) return "no Postgres binaries under /usr/lib/postgresql/*/bin";
  if (isRoot) {
    try {
      execFileSync("id", ["-u", "postgres"], { stdio: "ignore" });
    } catch {
      return "running as root and there is no postgres user to run a private server as";
    }
  }
  return null;
}

export class PrivatePostgres {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), "pg-private-"));
  readonly data = path.join(this.dir, "data");
  constructor(readonly port: number) {}

  private run(cmd: string, args: string[]): string {
    if (!BIN) throw new Error(privatePostgresUnavailable()!);
    const full = path.join(BIN, cmd);
    const [file, argv] = isRoot ? ["runuser", ["-u", "postgres", "--", full, ...args]] : [full, args];
    return execFileSync(file, argv, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 60_000 });
  }

  init(): void {
    if (isRoot) execFileSync("chown", ["postgres:postgres", this.dir]);
    this.run("initdb", ["-D", this.data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync", "--no-instructions"]);
  }

  start(): void {
    const opts = `-p ${this.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${this.dir} -c fsync=off -c max_connections=40`;
    this.run("pg_ctl", ["-D", this.data, "-o", opts, "-l", path.join(this.dir, "log"), "-w", "-t", "30", "start"]);
  }

  stop(mode: "fast" | "immediate"): void {
    this.run("pg_ctl", ["-D", this.data, "-m", mode, "-w", "-t", "30", "stop"]);
  }

  running(): boolean {
    try {
      this.run("pg_ctl", ["-D", this.data, "status"]);
      return true;
    } catch {
      return false;
    }
  }

  remove(): void {
    if (this.running()) this.stop("immediate");
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }
}
