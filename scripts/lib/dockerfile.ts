// Reads what the run stage of the Dockerfile says (its ENV, USER, HEALTHCHECK and CMD), so that the check that runs
// the image's steps outside a container (scripts/check-standalone.ts) runs exactly what the image would: the
// recipe cannot drift from what is tested. Only the instructions the project's Dockerfile uses are understood.

export interface RunStage {
  name: string;
  env: Record<string, string>;
  user: string | null;
  /** Exec form only: a shell form would put `sh -c` in front and stop SIGTERM from reaching Node. */
  cmd: string[] | null;
  healthcheck: string[] | null;
  stopSignal: string | null;
}

function execForm(text: string, what: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${what} must be in exec form (a JSON array), got: ${text}`);
  }
  if (!Array.isArray(parsed) || !parsed.every((p) => typeof p === "string")) throw new Error(`${what} must be a JSON array of strings`);
  return parsed as string[];
}

/** `KEY=value KEY2="two words"` → pairs (the only ENV form used here). */
function envPairs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of text.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|\S*)/g)) {
    out[m[1]!] = m[2]!.startsWith('"') ? (JSON.parse(m[2]!) as string) : m[2]!;
  }
  return out;
}

/** Every stage of `source`, in order, with line continuations joined and comments dropped. */
export function stages(source: string): RunStage[] {
  const lines = source
    .replace(/\\\r?\n/g, " ")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
  const found: RunStage[] = [];
  let stage: RunStage | null = null;
  for (const line of lines) {
    const [, instruction = "", rest = ""] = /^(\w+)\s*(.*)$/.exec(line) ?? [];
    const op = instruction.toUpperCase();
    if (op === "FROM") {
      stage = { name: /\bAS\s+(\S+)/i.exec(rest)?.[1] ?? "", env: {}, user: null, cmd: null, healthcheck: null, stopSignal: null };
      found.push(stage);
      continue;
    }
    if (!stage) continue;
    if (op === "ENV") Object.assign(stage.env, envPairs(rest));
    if (op === "USER") stage.user = rest;
    if (op === "CMD") stage.cmd = execForm(rest, "CMD");
    if (op === "STOPSIGNAL") stage.stopSignal = rest;
    if (op === "HEALTHCHECK") {
      const at = rest.indexOf("CMD ");
      stage.healthcheck = at >= 0 ? execForm(rest.slice(at + 4).trim(), "HEALTHCHECK CMD") : null;
    }
  }
  if (!found.length) throw new Error("no FROM in the Dockerfile");
  return found;
}

/** The last stage of `source`: the image `docker build` makes by default, the one that runs. */
export function runStage(source: string): RunStage {
  return stages(source).at(-1)!;
}

/** The stage named `name` (`FROM … AS name`); its ENV is its own, not what it inherits. */
export function namedStage(source: string, name: string): RunStage {
  const stage = stages(source).find((s) => s.name === name);
  if (!stage) throw new Error(`no stage named ${name} in the Dockerfile`);
  return stage;
}

/**
 * The environment a check starts a stage's CMD with: the stage's ENV and nothing of this machine's but PATH, with
 * HOST pinned to 127.0.0.1 (servers a test starts listen on loopback; the image listens on 0.0.0.0).
 */
export function stageEnv(stage: RunStage): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, NODE_ENV: "production", ...stage.env, HOST: "127.0.0.1" };
}
