// HTTP plumbing of the sandbox: reading and parsing bodies (JSON, urlencoded, multipart via the Web Request
// parser), the Reply value that handlers return, envelope helpers and field readers.
import type { IncomingMessage } from "node:http";
import { timingSafeEqual } from "node:crypto";

export const MAX_BODY_BYTES = 1024 * 1024;

/** What every handler returns; server.ts writes it (or replaces it with an injected fault). */
export interface Reply {
  status: number;
  contentType: string;
  body: string | Buffer;
  headers?: Record<string, string>;
}

export type Fields = Record<string, unknown>;

export class BodyError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyError("Request body too large", 413));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** Parse a body by its content type; an unlabelled body is tried as JSON, then as urlencoded. */
export async function parseBody(contentType: string | undefined, raw: Buffer): Promise<Fields> {
  const text = raw.toString("utf8");
  if (!text.trim()) return {};
  const ct = (contentType ?? "").toLowerCase();
  if (ct.includes("multipart/form-data")) {
    let form: FormData;
    try {
      form = await new Request("http://sandbox.invalid/", {
        method: "POST",
        headers: { "content-type": contentType! },
        body: new Uint8Array(raw),
      }).formData();
    } catch {
      throw new BodyError("Malformed multipart/form-data body");
    }
    const out: Fields = {};
    for (const [k, v] of form.entries()) if (typeof v === "string" && !(k in out)) out[k] = v;
    return out;
  }
  if (ct.includes("application/x-www-form-urlencoded")) return fromUrlEncoded(text);
  if (ct.includes("json") || text.trimStart().startsWith("{") || text.trimStart().startsWith("[")) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new BodyError("Malformed JSON request body");
    }
    if (!value || typeof value !== "object" || Array.isArray(value)) throw new BodyError("JSON body must be an object");
    return value as Fields;
  }
  return fromUrlEncoded(text);
}

function fromUrlEncoded(text: string): Fields {
  const out: Fields = {};
  for (const [k, v] of new URLSearchParams(text)) if (!(k in out)) out[k] = v;
  return out;
}

/** A scalar field as the string that was sent (numbers keep their JSON spelling); undefined when absent. */
export function str(fields: Fields, name: string): string | undefined {
  const v = fields[name];
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return undefined;
}

/** A nested object field, or an empty object. */
export function obj(fields: Fields, name: string): Fields {
  const v = fields[name];
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Fields) : {};
}

/** Names of the required fields that are missing or blank. */
export function missing(fields: Fields, names: readonly string[]): string[] {
  return names.filter((n) => !(str(fields, n) ?? "").trim());
}

/** Constant-time equality of two strings (case-sensitive, unlike sameDigest in hashes.ts). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  if (x.length !== y.length) return false;
  return timingSafeEqual(x, y);
}

export function json(status: number, value: unknown): Reply {
  return { status, contentType: "application/json; charset=utf-8", body: JSON.stringify(value) };
}

/** An HTML page; `connectSrc` opens fetch to one origin (only the hostile challenge page needs it). */
export function htmlReply(status: number, markup: string, connectSrc?: string): Reply {
  return {
    status,
    contentType: "text/html; charset=utf-8",
    body: markup,
    headers: {
      // Inline style and script only; forms may go anywhere (term URL, success/failure URLs are the merchant's).
      "content-security-policy":
        "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; form-action *; base-uri 'none'" +
        (connectSrc ? `; connect-src ${connectSrc}` : ""),
      "cache-control": "no-store",
      "referrer-policy": "no-referrer",
    },
  };
}

export function redirect(location: string, status = 303): Reply {
  return { status, contentType: "text/plain; charset=utf-8", body: `Redirecting to ${location}`, headers: { location } };
}

/** JSON-interface envelope (contract 2.1), success. */
export function envelopeOk(data: unknown): Reply {
  return json(200, { code: 200, message: "Success", errorCode: null, data });
}

/** JSON-interface envelope, error: HTTP status = code, errorCode = the code as a string, data null. */
export function envelopeError(code: number, message: string): Reply {
  return json(code, { code, message, errorCode: String(code), data: null });
}

/** Form-interface wrapper (contract 2.1): HTTP status mirrors statusCode. */
export function wrapper(statusCode: number, responseBody: unknown): Reply {
  return json(statusCode, { statusCode, responseBody });
}

/** Flat family error of `/payment/post` (protocol family shape), HTTP 400. */
export function formError(errorCode: number, message: string, errors: Array<{ error_code: number; error_message: string }> = []): Reply {
  return json(400, { result: "ERROR", error_code: errorCode, error_message: message, errors });
}

export const INVALID_REQUEST = "Request data is invalid.";
export const INVALID_HASH = "Invalid Hash value";
export const INVALID_MERCHANT = "Invalid Client Key / Merchant ID";

/** ERROR 100000 with one entry per problem (each entry code 100000 unless given). */
export function invalidRequest(problems: Array<string | { error_code: number; error_message: string }>): Reply {
  return formError(
    100000,
    INVALID_REQUEST,
    problems.map((p) => (typeof p === "string" ? { error_code: 100000, error_message: p } : p)),
  );
}

export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
