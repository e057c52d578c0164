// The route wrapper's reading of a request's params, query and JSON body: capped, UTF-8, JSON, no unstorable
// characters, then the route's zod schema (field errors keyed `<where>.<field>`, as every form expects).
import type { z } from "zod";
// zod's own messages as validation keys for every route's schema, whichever module defined it (lib/schemas/zod.ts).
import "@/lib/schemas/zod";
import { AppError } from "../errors";
import { readBodyText } from "./read-body";

export type Schema = z.ZodType;
export type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

function fieldErrors(error: z.ZodError, prefix: string): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join(".") || prefix;
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

export function parseWith<S extends Schema | undefined>(schema: S, value: unknown, where: string): Out<S> {
  if (!schema) return undefined as Out<S>;
  const r = schema.safeParse(value);
  if (!r.success) throw new AppError("invalid_request", ["http.partInvalid", { where }], fieldErrors(r.error, where));
  return r.data as Out<S>;
}

export function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    out[key] = all.length > 1 ? all : all[0]!;
  }
  return out;
}

export async function readJsonBody(req: Request, maxBytes: number): Promise<unknown> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) throw new AppError("invalid_request", "http.sendJson");
  const body = await readBodyText(req, maxBytes);
  if (!body.ok) throw new AppError("invalid_request", body.reason === "too_large" ? "http.bodyTooLarge" : "http.bodyNotUtf8");
  try {
    return JSON.parse(body.text);
  } catch {
    throw new AppError("invalid_request", "http.bodyNotJson");
  }
}

/**
 * NUL and unpaired surrogates in any string (or key) of params, query or body: no form produces them, and Postgres
 * can neither store nor compare them (a search for "a\u0000" was a 500). Refused before any schema or service.
 */
function hasUnstorableText(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === "string") {
      if (v.includes("\u0000") || !v.isWellFormed()) return true;
    } else if (Array.isArray(v)) {
      stack.push(...v);
    } else if (v && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) stack.push(k, x);
    }
  }
  return false;
}

export function refuseUnstorable(value: unknown, where: string): unknown {
  if (hasUnstorableText(value)) throw new AppError("invalid_request", ["http.partUnstorable", { where }]);
  return value;
}

/**
 * A public route's JSON body, read as the wrapper reads it: capped, UTF-8, JSON, no unstorable characters, then
 * parsed with the route's schema (field errors keyed `body.<field>`, as every form expects).
 */
export async function parseJsonBody<S extends z.ZodType>(req: Request, schema: S, maxBytes: number): Promise<z.output<S>> {
  return parseWith(schema, refuseUnstorable(await readJsonBody(req, maxBytes), "body"), "body") as z.output<S>; // Out<S> of a schema
}
