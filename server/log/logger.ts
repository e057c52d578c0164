// A tiny structured logger: one JSON object per line ({ ts, level, event, ...fields }), every field passed through
// redact() first, written to an injectable sink (default: process.stdout). It never throws into the caller.
// No `import "server-only"`: scripts and the sandbox use it too; it holds no secret.
import { redact, type RedactOptions } from "./redact";
import { currentRequestId } from "./request-context";

export type LogLevel = "info" | "warn" | "error";

const LEVEL_RANK: Record<LogLevel, number> = { info: 0, warn: 1, error: 2 };

/** LOG_LEVEL (info, warn or error; info when unset or unknown): lines below it are not written. */
export function logLevelFrom(value: string | undefined): LogLevel {
  return value === "warn" || value === "error" ? value : "info";
}
export type LogFields = Record<string, unknown>;

export interface Logger {
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
  /** A logger that adds `fields` to every line (e.g. { component: "gateway" }). */
  child(fields: LogFields): Logger;
}

export type LogSink = (line: string) => void;

export interface LoggerOptions {
  sink?: LogSink;
  /** Fields added to every line. */
  base?: LogFields;
  /** Secret values scrubbed from every line by value (in addition to key and card-number redaction). */
  secretValues?: readonly string[];
  /** Cut long strings (HTML pages, big bodies) to this many characters; default 4000. */
  maxStringLength?: number;
  now?: () => Date;
  /** The lowest level written; default LOG_LEVEL's. */
  minLevel?: LogLevel;
}

/**
 * Secret values every logger scrubs from every line, registered as the process learns them (the gateway's API key
 * and merchant secret, the webhook path secret, the session-signing secret): a secret that reaches a log line by any
 * path (an error message, a URL) is redacted even where the caller did not think of it.
 */
const knownSecrets = new Set<string>();

export function registerSecretValues(values: ReadonlyArray<string | null | undefined>): void {
  for (const v of values) if (v && v.length >= 4) knownSecrets.add(v);
}

/** The secret values registered so far: what else leaves the process (trace spans) is scrubbed of them too. */
export function knownSecretValues(): string[] {
  return [...knownSecrets];
}

const stdoutSink: LogSink = (line) => {
  process.stdout.write(`${line}\n`);
};

export function createLogger(opts: LoggerOptions = {}): Logger {
  const sink = opts.sink ?? stdoutSink;
  const now = opts.now ?? (() => new Date());
  const base = opts.base ?? {};
  const minRank = LEVEL_RANK[opts.minLevel ?? logLevelFrom(process.env.LOG_LEVEL)];

  const write = (level: LogLevel, event: string, fields: LogFields | undefined) => {
    if (LEVEL_RANK[level] < minRank) return;
    try {
      // Every line written while serving a request names it (X-Request-Id), unless the caller named one.
      const requestId = currentRequestId();
      if (requestId && !(fields && "requestId" in fields)) fields = { requestId, ...fields };
      const redactOpts: RedactOptions = {
        secretValues: [...(opts.secretValues ?? []), ...knownSecrets],
        maxStringLength: opts.maxStringLength ?? 4000,
      };
      // A field named ts/level/event is dropped so that it cannot forge the line's own.
      const { ts: _ts, level: _level, event: _event, ...body } = redact({ ...base, ...fields }, redactOpts) as LogFields;
      sink(JSON.stringify({ ts: now().toISOString(), level, event, ...body }));
    } catch {
      // A failing sink or an unserialisable value must not break the operation being logged.
    }
  };

  return {
    info: (event, fields) => write("info", event, fields),
    warn: (event, fields) => write("warn", event, fields),
    error: (event, fields) => write("error", event, fields),
    child: (fields) => createLogger({ ...opts, base: { ...base, ...fields } }),
  };
}

/** Collects lines in memory: for tests, and for callers that want to inspect what would have been logged. */
export function memorySink(): { sink: LogSink; lines: string[]; text: () => string } {
  const lines: string[] = [];
  return { sink: (line) => void lines.push(line), lines, text: () => lines.join("\n") };
}

/** The process-wide default logger (JSON lines on stdout). */
export const logger: Logger = createLogger();
