// Child-process helpers for the command-line entry points: spawn with the output as JSON log lines (or to a file),
// wait for a URL to answer, and stop a group of children together.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
export const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name);

export function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: "inherit" });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on("error", () => resolve(127));
  });
}

/** Like run(), with stdout and stderr kept (interleaved, in order) and handed back instead of printed. */
export function runCaptured(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => chunks.push(c));
    child.stderr.on("data", (c: Buffer) => chunks.push(c));
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString("utf8") }));
    child.on("error", (e) => resolve({ code: 127, output: String(e) }));
  });
}

/**
 * Where a child's output goes:
 * - "json": stdout stays one JSON object per line, what log shippers parse: the child's JSON lines pass through as
 *   they are, any other line (Next's own banner, a stack trace) is wrapped as a `process.output` line. stderr
 *   lines likewise, to stderr.
 * - { file }: appended to that file (the sandbox: its lines are not the dashboard's log).
 */
export type ChildOutput = "json" | { file: string };

/** One output line of a child as a JSON log line: the line itself when it already is one, else wrapped. */
export function asJsonLine(name: string, line: string, level: "info" | "warn", now: () => Date = () => new Date()): string {
  const trimmed = line.trimEnd();
  if (trimmed.startsWith("{")) {
    try {
      const value: unknown = JSON.parse(trimmed);
      if (value && typeof value === "object" && !Array.isArray(value)) return trimmed;
    } catch {
      // not JSON after all: wrapped below
    }
  }
  return JSON.stringify({ ts: now().toISOString(), level, event: "process.output", process: name, message: trimmed });
}

export function startChild(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv, output: ChildOutput = "json"): ChildProcess {
  const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  const file = typeof output === "object" ? fs.createWriteStream(output.file, { flags: "a", mode: 0o600 }) : null;
  const pipe = (stream: NodeJS.ReadableStream | null, out: NodeJS.WriteStream, level: "info" | "warn") => {
    let buffered = "";
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) {
        if (file) file.write(line + "\n");
        else if (line.trim()) out.write(asJsonLine(name, line, level) + "\n");
      }
    });
  };
  pipe(child.stdout, process.stdout, "info");
  pipe(child.stderr, process.stderr, "warn");
  child.once("exit", () => file?.end());
  return child;
}

export async function waitForUrl(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(2_000) });
      await res.body?.cancel();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${url} did not answer within ${Math.round(timeoutMs / 1000)} s`);
}

export function stopAll(children: ChildProcess[], graceMs = 5_000): Promise<void> {
  const alive = children.filter((c) => c.exitCode === null && c.signalCode === null);
  return new Promise((resolve) => {
    if (alive.length === 0) return resolve();
    let left = alive.length;
    const timer = setTimeout(() => alive.forEach((c) => c.kill("SIGKILL")), graceMs);
    for (const c of alive) {
      c.once("exit", () => {
        if (--left === 0) {
          clearTimeout(timer);
          resolve();
        }
      });
      c.kill("SIGTERM");
    }
  });
}

/** A TCP port free on 127.0.0.1 right now (the OS picks it; a server started soon after can take it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
