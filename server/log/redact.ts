// Pure redaction of anything that is about to be logged or recorded: secret-bearing keys are masked by name, card
// numbers (12–19 digits passing Luhn) are masked wherever they appear inside strings, and known secret values
// (the API key, the merchant secret) are scrubbed by value. Used by the logger and by the gateway call recorder.
// No `import "server-only"`: scripts and the sandbox use it too; it holds no secret.
import { luhnValid } from "../../lib/card-data";

export const REDACTED = "[REDACTED]";

/** Keys (compared without case, `_`, `-` or spaces) whose value is always replaced entirely. */
const SECRET_KEYS = new Set([
  "cardcvv",
  "cardcvv2",
  "cvv",
  "cvv2",
  "cvc",
  "cvc2",
  "securitycode",
  "hash",
  "secret",
  "password",
  "passwd",
  "otp",
  "xapikey",
  "apikey",
  "authorization",
  "cookie",
  "setcookie",
]);
/** Keys holding a full card number: masked to first six and last four when digits, else replaced. */
const CARD_NUMBER_KEYS = new Set(["cardnumber", "pan", "cardno"]);
/** Keys holding a reusable payment credential: only the last four characters are kept. */
const TOKEN_KEYS = new Set(["cardtoken", "recurringtoken", "token"]);

const normaliseKey = (key: string) => key.toLowerCase().replace(/[\s_-]/g, "");

function isSecretKey(norm: string): boolean {
  return SECRET_KEYS.has(norm) || norm.includes("secret") || norm.includes("password") || norm.endsWith("apikey");
}

// The one Luhn check (lib/card-data.ts, which also tells whether staff's free text holds a card number).
export { luhnValid };

/** `4111111111111111` → `411111******1111`. */
export function maskPan(digits: string): string {
  return digits.slice(0, 6) + "*".repeat(Math.max(0, digits.length - 10)) + digits.slice(-4);
}

// 12–19 digits, optionally grouped by single spaces or dashes, not part of a longer digit run.
const PAN_RUN = /(?<![\d])\d(?:[ -]?\d){11,18}(?![ -]?\d)/g;
// Long Base64 strings can carry JSON with card data inside (a sale's redirect body): decoded and checked.
const BASE64 = /^[A-Za-z0-9+/_-]{24,}={0,2}$/;

// A UUID (payment, user and request ids) is never a card number, but its last groups can be digits only: one in
// about ten of those reads as a valid 16-digit PAN ("…-4123-8456-100000000000"), and masking it made ids in logs
// unreadable and tests that look for an id in a log line fail at random. UUID-shaped tokens are left whole.
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

function scrubPanRuns(text: string): string {
  return text.replace(PAN_RUN, (run) => {
    const digits = run.replace(/[ -]/g, "");
    return digits.length >= 12 && digits.length <= 19 && luhnValid(digits) ? maskPan(digits) : run;
  });
}

function scrubPans(text: string): string {
  let out = "";
  let last = 0;
  for (const m of text.matchAll(UUID)) {
    out += scrubPanRuns(text.slice(last, m.index)) + m[0];
    last = m.index + m[0].length;
  }
  return last === 0 ? scrubPanRuns(text) : out + scrubPanRuns(text.slice(last));
}

function base64HidesPan(text: string): boolean {
  if (text.length > 1_000_000 || !BASE64.test(text)) return false;
  const decoded = Buffer.from(text, "base64").toString("utf8");
  return scrubPans(decoded) !== decoded || /"(card_?number|card_?cvv2?|cvv)"/i.test(decoded);
}

export interface RedactOptions {
  /** Exact secret values (API key, merchant secret) to scrub wherever they occur inside strings. */
  secretValues?: readonly string[];
  /** Strings longer than this are cut (with a marker); default: no limit. */
  maxStringLength?: number;
}

/** Redact one string: known secret values, card numbers, Base64 blobs hiding card data. */
export function redactString(text: string, opts: RedactOptions = {}): string {
  let out = text;
  for (const secret of opts.secretValues ?? []) {
    if (secret.length >= 4 && out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  if (base64HidesPan(out)) return `${REDACTED}:base64`;
  out = scrubPans(out);
  // Credentials inside a URL (a connection string in an error message): scheme://user:password@host.
  out = out.replace(/\b([a-z][a-z0-9+.-]*:\/\/)([^\s:/@]+):([^\s/@]+)@/gi, `$1$2:${REDACTED}@`);
  if (opts.maxStringLength !== undefined && out.length > opts.maxStringLength) {
    // toWellFormed: a cut through a surrogate pair would leave a half the database cannot store (jsonb, text).
    out = `${out.slice(0, opts.maxStringLength).toWellFormed()}…[${out.length - opts.maxStringLength} more chars]`;
  }
  return out;
}

function maskByKey(norm: string, value: unknown, opts: RedactOptions): unknown {
  if (value === null || value === undefined || value === "") return value;
  if (isSecretKey(norm)) return REDACTED;
  if (CARD_NUMBER_KEYS.has(norm)) {
    const digits = typeof value === "string" || typeof value === "number" ? String(value).replace(/[\s-]/g, "") : "";
    return /^\d{12,19}$/.test(digits) ? maskPan(digits) : typeof value === "string" ? redactString(value, opts) : REDACTED;
  }
  if (TOKEN_KEYS.has(norm)) {
    return typeof value === "string" && value.length > 8 ? `${REDACTED}…${value.slice(-4).toWellFormed()}` : REDACTED;
  }
  return undefined; // not a sensitive key: walk the value normally
}

/**
 * A deep copy of `value` that is safe to log: sensitive keys masked, card numbers masked inside every string,
 * known secret values scrubbed. Handles cycles, Errors, Dates, Maps, Sets, Buffers and bigint. Never throws.
 */
export function redact(value: unknown, opts: RedactOptions = {}): unknown {
  const seen = new WeakSet<object>();
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === "string") return redactString(v, opts);
    if (typeof v === "number" && Number.isSafeInteger(v) && v >= 1e11) {
      const scrubbed = redactString(String(v), opts); // a card number sent as a JSON number
      return scrubbed === String(v) ? v : scrubbed;
    }
    if (typeof v === "bigint") return redactString(v.toString(), opts);
    if (v === null || typeof v !== "object") return typeof v === "function" || typeof v === "symbol" ? String(v) : v;
    if (seen.has(v)) return "[Circular]";
    if (depth > 12) return "[Too deep]";
    seen.add(v);
    if (v instanceof Date) return Number.isNaN(v.getTime()) ? "Invalid Date" : v.toISOString();
    if (Buffer.isBuffer(v) || v instanceof Uint8Array) return `[${v.byteLength} bytes]`;
    if (v instanceof Error) {
      const out: Record<string, unknown> = { name: v.name, message: redactString(v.message, opts) };
      const code = (v as { code?: unknown }).code;
      if (code !== undefined) out.code = walk(code, depth + 1);
      if (v.cause !== undefined) out.cause = walk(v.cause, depth + 1);
      return out;
    }
    if (Array.isArray(v)) return v.map((item) => walk(item, depth + 1));
    if (v instanceof Map)
      return walkEntries(
        [...v.entries()].map(([k, x]) => [String(k), x]),
        depth,
      );
    if (v instanceof Set) return [...v].map((item) => walk(item, depth + 1));
    if (v instanceof URLSearchParams) return walkEntries([...v.entries()], depth);
    return walkEntries(Object.entries(v), depth);
  };
  const walkEntries = (entries: Array<[string, unknown]>, depth: number) => {
    const out: Record<string, unknown> = {};
    for (const [key, item] of entries) {
      const masked = maskByKey(normaliseKey(key), item, opts);
      out[key] = masked !== undefined ? masked : item === undefined ? undefined : walk(item, depth + 1);
    }
    return out;
  };
  try {
    return walk(value, 0);
  } catch {
    return REDACTED; // a hostile getter or proxy: log nothing rather than something unredacted
  }
}
