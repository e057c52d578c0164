// The route-handler wrapper. Every handler under app/api is declared through it, and it does, in order:
// Origin check (state-changing methods) → session → permission → zod parse of params, query and body → the
// handler → mapping of any error to the one JSON error shape. Deny by default: a handler declares a permission,
// "authenticated", or is built with `publicRoute` and a reason (see route-declarations.test.ts). A session that
// still owes its second factor (or a password change) is refused everywhere (401 second_factor_required /
// password_change_required) but by the few routes of that step, declared "pending_second_factor" or
// "pending_password_change" (which also accept a fully signed-in session).
import type { z } from "zod";
import type { Permission } from "@/lib/permissions";
import type { Principal, PrincipalResult } from "../auth/principal";
import { clientIp } from "./client-ip";
import { AppError } from "../errors";
import { errorJson, toErrorResponse } from "./errors";
import { isAllowedOrigin } from "./origin";
import { readBodyText } from "./read-body";

export const ROUTE_META = Symbol.for("merchant-dashboard.route-meta");

export type PendingAccess = "pending_second_factor" | "pending_password_change";

export type Access =
  | { kind: "permission"; permission: Permission }
  | { kind: "authenticated" }
  | { kind: PendingAccess }
  | { kind: "public"; reason: string };

export interface RouteMeta {
  access: Access;
}

type NextContext = { params?: Promise<Record<string, string | string[]>> };
export type RouteHandler = ((req: Request, ctx: NextContext) => Promise<Response>) & { [ROUTE_META]: RouteMeta };

export interface RouteDeps {
  getSession(req: Request): Promise<PrincipalResult>;
  appUrl(): string;
  /** TRUSTED_PROXY_HOPS (client-ip.ts); 0 when not given: the socket's peer address. */
  trustedProxyHops?(): number;
}

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteSpec<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined> {
  permission: Permission | "authenticated" | PendingAccess;
  params?: P;
  query?: Q;
  body?: B;
  /** Largest accepted body in bytes (default 64 KiB). */
  maxBodyBytes?: number;
}

export interface RouteContext<P, Q, B> {
  req: Request;
  principal: Principal;
  params: P;
  query: Q;
  body: B;
  ip: string;
}

function fieldErrors(error: z.ZodError, prefix: string): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join(".") || prefix;
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

function parseWith<S extends Schema | undefined>(schema: S, value: unknown, where: string): Out<S> {
  if (!schema) return undefined as Out<S>;
  const r = schema.safeParse(value);
  if (!r.success) throw new AppError("invalid_request", `The request's ${where} is not valid.`, fieldErrors(r.error, where));
  return r.data as Out<S>;
}

function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    out[key] = all.length > 1 ? all : all[0]!;
  }
  return out;
}

async function readJsonBody(req: Request, maxBytes: number): Promise<unknown> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) throw new AppError("invalid_request", "Send the request body as application/json.");
  const body = await readBodyText(req, maxBytes);
  if (!body.ok) throw new AppError("invalid_request", body.reason === "too_large" ? "The request body is too large." : "The request body is not valid UTF-8.");
  try {
    return JSON.parse(body.text);
  } catch {
    throw new AppError("invalid_request", "The request body is not valid JSON.");
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

function refuseUnstorable(value: unknown, where: string): unknown {
  if (hasUnstorableText(value)) throw new AppError("invalid_request", `The request's ${where} holds characters that are not allowed.`);
  return value;
}

/**
 * A public route's JSON body, read as the wrapper reads it: capped, UTF-8, JSON, no unstorable characters, then
 * parsed with the route's schema (field errors keyed `body.<field>`, as every form expects).
 */
export async function parseJsonBody<S extends z.ZodType>(req: Request, schema: S, maxBytes: number): Promise<z.output<S>> {
  return parseWith(schema, refuseUnstorable(await readJsonBody(req, maxBytes), "body"), "body") as z.output<S>; // Out<S> of a schema
}

/** The principal a route may act for, or the refusal: a pending session only reaches its own step's routes. */
function admit(session: PrincipalResult, access: Access): Principal | Response {
  if (session.ok) return session.principal;
  if (session.reason === "second_factor_required") {
    if (access.kind === "pending_second_factor") return session.pending;
    return errorJson("second_factor_required", "Finish signing in with your second factor first.");
  }
  if (session.reason === "password_change_required") {
    if (access.kind === "pending_password_change") return session.pending;
    return errorJson("password_change_required", "Change your password before you continue.");
  }
  return errorJson("unauthenticated", "Your session has ended. Please sign in again.");
}

function toResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  return Response.json(result ?? { ok: true }, { headers: { "Cache-Control": "no-store" } });
}

export function createRoute(deps: RouteDeps) {
  function route<P extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, B extends Schema | undefined = undefined>(
    spec: RouteSpec<P, Q, B>,
    handler: (ctx: RouteContext<Out<P>, Out<Q>, Out<B>>) => Promise<unknown>,
  ): RouteHandler {
    const access: Access =
      spec.permission === "authenticated" || spec.permission === "pending_second_factor" || spec.permission === "pending_password_change"
        ? { kind: spec.permission }
        : { kind: "permission", permission: spec.permission };
    const wrapped = async (req: Request, ctx: NextContext): Promise<Response> => {
      const url = new URL(req.url);
      try {
        if (!isAllowedOrigin({ method: req.method, origin: req.headers.get("origin"), host: req.headers.get("host"), appUrl: deps.appUrl() })) {
          return errorJson("origin_rejected", "This request did not come from the dashboard and was refused.");
        }
        const principal = admit(await deps.getSession(req), access);
        if (principal instanceof Response) return principal;
        if (access.kind === "permission" && !principal.permissions.has(access.permission)) {
          return errorJson("forbidden", "You do not have permission to do this.");
        }
        const params = parseWith(spec.params as P, refuseUnstorable((await ctx?.params) ?? {}, "params"), "params");
        const query = parseWith(spec.query as Q, refuseUnstorable(queryObject(url), "query"), "query");
        const body = spec.body
          ? parseWith(spec.body, refuseUnstorable(await readJsonBody(req, spec.maxBodyBytes ?? 64 * 1024), "body"), "body")
          : (undefined as Out<B>);
        return toResponse(await handler({ req, principal, params, query, body, ip: clientIp(req.headers, deps.trustedProxyHops?.() ?? 0) }));
      } catch (error) {
        return toErrorResponse(error, { method: req.method, path: url.pathname });
      }
    };
    return Object.assign(wrapped, { [ROUTE_META]: { access } });
  }

  /**
   * A route that needs no session (sign-in, sign-out, the notification receiver, health). The reason is required.
   * The Origin check still applies unless `checkOrigin: false` (only for server-to-server callers such as the
   * gateway's notifications, which authenticate by their own hash). `logPath` is the route pattern logged instead of
   * the request's path when the path holds a secret (the notification receiver's `/api/webhooks/gateway/[secret]`).
   */
  function publicRoute(
    reason: string,
    handler: (req: Request, ctx: NextContext) => Promise<Response>,
    opts: { checkOrigin?: boolean; logPath?: string } = {},
  ): RouteHandler {
    const wrapped = async (req: Request, ctx: NextContext): Promise<Response> => {
      try {
        if (opts.checkOrigin !== false && !isAllowedOrigin({ method: req.method, origin: req.headers.get("origin"), host: req.headers.get("host"), appUrl: deps.appUrl() })) {
          return errorJson("origin_rejected", "This request did not come from the dashboard and was refused.");
        }
        return await handler(req, ctx);
      } catch (error) {
        return toErrorResponse(error, { method: req.method, path: opts.logPath ?? new URL(req.url).pathname });
      }
    };
    return Object.assign(wrapped, { [ROUTE_META]: { access: { kind: "public", reason } as Access } });
  }

  return { route, publicRoute };
}
