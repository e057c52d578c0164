// The route-handler wrapper. Every handler under app/api is declared through it, and it does, in order:
// Origin check (state-changing methods) → session → permission → zod parse of params, query and body → the
// handler → mapping of any error to the one JSON error shape. Deny by default: a handler declares a permission,
// "authenticated", or is built with `publicRoute` and a reason (see route-declarations.test.ts). A session that
// still owes its second factor (or a password change) is refused everywhere (401 second_factor_required /
// password_change_required) but by the few routes of that step, declared "pending_second_factor" or
// "pending_password_change" (which also accept a fully signed-in session).
import type { Permission } from "@/lib/permissions";
import type { Principal, PrincipalResult } from "../auth/principal";
import { admit, type Access, type PendingAccess } from "./access";
import { AppError } from "../errors";
import { errorAnswer, toErrorResponse } from "./errors";
import { isAllowedOrigin } from "./origin";
import { parseWith, queryObject, readJsonBody, refuseUnstorable, type Out, type Schema } from "./parse-input";

export const ROUTE_META = Symbol.for("merchant-dashboard.route-meta");

export interface RouteMeta {
  access: Access;
}

type NextContext = { params?: Promise<Record<string, string | string[]>> };
export type RouteHandler = ((req: Request, ctx: NextContext) => Promise<Response>) & { [ROUTE_META]: RouteMeta };

export interface RouteDeps {
  getSession(req: Request): Promise<PrincipalResult>;
  /** The dashboard's own origins (config.allowedOrigins): the only ones a state-changing request may carry. */
  allowedOrigins(): readonly string[];
  /** The client's IP address for the handler (the audit log, the throttle): request-ip.ts in the app. */
  clientIp(headers: Headers): string;
  /**
   * Told of every refusal of a signed-in person: a 403 (the route's or a service's permission) or a step-up refusal
   * (server/audit/denials.ts writes the audit row). A failure here never changes the answer.
   */
  onDenied?(denial: RouteDenial): Promise<unknown>;
}

export interface RouteDenial {
  principal: Principal;
  method: string;
  path: string;
  code: "forbidden" | "step_up_required";
  permission: string | null;
  ip: string;
}

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

function toResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  return Response.json(result ?? { ok: true }, { headers: { "Cache-Control": "no-store" } });
}

export function createRoute(deps: RouteDeps) {
  async function denied(req: Request, url: URL, principal: Principal, code: RouteDenial["code"], permission: string | null): Promise<void> {
    if (!deps.onDenied) return;
    try {
      await deps.onDenied({ principal, method: req.method, path: url.pathname, code, permission, ip: deps.clientIp(req.headers) });
    } catch {
      // The refusal is answered whatever happens to its record (the recorder logs its own failures).
    }
  }

  function route<
    P extends Schema | undefined = undefined,
    Q extends Schema | undefined = undefined,
    B extends Schema | undefined = undefined,
  >(spec: RouteSpec<P, Q, B>, handler: (ctx: RouteContext<Out<P>, Out<Q>, Out<B>>) => Promise<unknown>): RouteHandler {
    const access: Access =
      spec.permission === "authenticated" || spec.permission === "pending_second_factor" || spec.permission === "pending_password_change"
        ? { kind: spec.permission }
        : { kind: "permission", permission: spec.permission };
    const wrapped = async (req: Request, ctx: NextContext): Promise<Response> => {
      const url = new URL(req.url);
      // The refusals and errors speak the reader's language: the principal's saved choice once known, else the browser's.
      let principal: Principal | null = null;
      try {
        if (!isAllowedOrigin({ method: req.method, origin: req.headers.get("origin"), allowed: deps.allowedOrigins() })) {
          return errorAnswer({ req }, "origin_rejected", "http.originRejected");
        }
        principal = admit(await deps.getSession(req), access);
        if (access.kind === "permission" && !principal.permissions.has(access.permission)) {
          await denied(req, url, principal, "forbidden", access.permission);
          return errorAnswer({ req, principal }, "forbidden", "auth.forbidden");
        }
        const params = parseWith(spec.params as P, refuseUnstorable((await ctx?.params) ?? {}, "params"), "params");
        const query = parseWith(spec.query as Q, refuseUnstorable(queryObject(url), "query"), "query");
        const body = spec.body
          ? parseWith(spec.body, refuseUnstorable(await readJsonBody(req, spec.maxBodyBytes ?? 64 * 1024), "body"), "body")
          : (undefined as Out<B>);
        return toResponse(await handler({ req, principal, params, query, body, ip: deps.clientIp(req.headers) }));
      } catch (error) {
        if (principal && error instanceof AppError && (error.code === "forbidden" || error.code === "step_up_required")) {
          const permission = (error as AppError & { permission?: string }).permission ?? null;
          await denied(req, url, principal, error.code, permission);
        }
        return toErrorResponse(error, { method: req.method, path: url.pathname, req, principal });
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
        if (
          opts.checkOrigin !== false &&
          !isAllowedOrigin({ method: req.method, origin: req.headers.get("origin"), allowed: deps.allowedOrigins() })
        ) {
          return errorAnswer({ req }, "origin_rejected", "http.originRejected");
        }
        return await handler(req, ctx);
      } catch (error) {
        return toErrorResponse(error, { method: req.method, path: opts.logPath ?? new URL(req.url).pathname, req });
      }
    };
    return Object.assign(wrapped, { [ROUTE_META]: { access: { kind: "public", reason } as Access } });
  }

  return { route, publicRoute };
}
