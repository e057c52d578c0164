// Rules guarded: the route wrapper refuses in the right order with the right status and the one error shape:
// foreign Origin → 403, no session → 401, missing permission → 403, bad params/query/body → 400 with field errors,
// an unexpected error → 500 with a reference id and no internal detail; and the handler never runs when refused.
// Threats guarded: a client choosing its own IP (for the audit log) with X-Forwarded-For: the handler's `ip` is
// the entry TRUSTED_PROXY_HOPS from the right, the socket's peer with 0 hops; and
// a session that passed the password step only (no second factor yet, or a generated password not
// yet changed) reaching any route but its own step's.
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { Principal } from "../auth/principal";
import { vmsg } from "@/lib/schemas/messages";
import arErrors from "@/messages/ar/errors.json";
import arValidation from "@/messages/ar/validation.json";
import { AppError } from "../errors";
import { clientIp } from "./client-ip";
import { createRoute, ROUTE_META, type RouteDenial } from "./route-core";
import { requirePermission } from "../services/require-permission";

/** As request-ip.ts wires it in the app, with 0 trusted hops: the socket's peer address. */
const peerIp = (headers: Headers) => clientIp(headers, 0);

const readOnly: Principal = {
  userId: "u1",
  sessionId: "s1",
  email: "r@example.com",
  name: "Reader",
  userType: "USER",
  permissions: new Set(["TRANSACTIONS_VIEW"]),
};

function setup(principal: Principal | null = readOnly) {
  const handler = vi.fn(async (ctx: { body: unknown; query: unknown; params: unknown }) => ({ got: ctx }));
  const { route, publicRoute } = createRoute({
    getSession: async () => (principal ? { ok: true, principal } : { ok: false, reason: "no_session" }),
    allowedOrigins: () => ["http://app.test"],
    clientIp: peerIp,
  });
  return { handler, route, publicRoute };
}

const post = (body: unknown, headers: Record<string, string> = {}) =>
  new Request("http://app.test/api/x?page=2", {
    method: "POST",
    headers: { origin: "http://app.test", host: "app.test", "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

async function errorOf(res: Response) {
  const json = (await res.json()) as { error: { code: string; message: string; fields?: Record<string, string[]>; id?: string } };
  return { status: res.status, ...json.error };
}

describe("route wrapper", () => {
  it("refuses a foreign Origin before anything else (403 origin_rejected), even without a session", async () => {
    const { route, handler } = setup(null);
    const h = route({ permission: "TRANSACTIONS_VIEW" }, handler);
    const e = await errorOf(await h(post({}, { origin: "https://evil.example" }), {}));
    expect(e).toMatchObject({ status: 403, code: "origin_rejected" });
    expect(handler).not.toHaveBeenCalled();
  });

  it("refuses without a session (401 unauthenticated)", async () => {
    const { route, handler } = setup(null);
    const e = await errorOf(await route({ permission: "TRANSACTIONS_VIEW" }, handler)(post({}), {}));
    expect(e).toMatchObject({ status: 401, code: "unauthenticated" });
    expect(handler).not.toHaveBeenCalled();
  });

  it("refuses a signed-in user who lacks the declared permission (403 forbidden)", async () => {
    const { route, handler } = setup();
    const e = await errorOf(await route({ permission: "REFUNDS_CREATE" }, handler)(post({}), {}));
    expect(e).toMatchObject({ status: 403, code: "forbidden" });
    expect(handler).not.toHaveBeenCalled();
  });

  it("parses params, query and body with their schemas and hands typed values to the handler", async () => {
    const { route, handler } = setup();
    const h = route(
      {
        permission: "TRANSACTIONS_VIEW",
        params: z.object({ id: z.uuid() }),
        query: z.object({ page: z.coerce.number().int() }),
        body: z.object({ note: z.string() }),
      },
      handler,
    );
    const id = "6f1c1e3e-6a4b-4c39-9a39-3a7d2a1e4b11";
    const res = await h(post({ note: "hi" }), { params: Promise.resolve({ id }) });
    expect(res.status).toBe(200);
    expect(handler.mock.calls[0]![0]).toMatchObject({ params: { id }, query: { page: 2 }, body: { note: "hi" } });
  });

  it("answers 400 invalid_request with field errors for a bad body, param or query, without running the handler", async () => {
    const { route, handler } = setup();
    const h = route({ permission: "TRANSACTIONS_VIEW", body: z.object({ amount: z.number().int().positive() }) }, handler);
    const e = await errorOf(await h(post({ amount: -5 }), {}));
    expect(e).toMatchObject({ status: 400, code: "invalid_request" });
    expect(Object.keys(e.fields ?? {})).toEqual(["body.amount"]);
    const p = route({ permission: "TRANSACTIONS_VIEW", params: z.object({ id: z.uuid() }) }, handler);
    expect((await errorOf(await p(post({}), { params: Promise.resolve({ id: "1 OR 1=1" }) }))).code).toBe("invalid_request");
    expect(handler).not.toHaveBeenCalled();
  });

  it("answers 400 for malformed JSON, a wrong content type and an oversized body", async () => {
    const { route, handler } = setup();
    const h = route({ permission: "TRANSACTIONS_VIEW", body: z.object({}), maxBodyBytes: 100 }, handler);
    expect((await errorOf(await h(post("{not json"), {}))).code).toBe("invalid_request");
    expect((await errorOf(await h(post("a=1", { "content-type": "application/x-www-form-urlencoded" }), {}))).code).toBe("invalid_request");
    expect((await errorOf(await h(post({ pad: "x".repeat(500) }), {}))).message).toMatch(/too large/);
    expect(handler).not.toHaveBeenCalled();
  });

  it("answers 400 for NUL or an unpaired surrogate anywhere in params, query or body (Postgres cannot take them: was a 500)", async () => {
    const { handler, route } = setup();
    const wrapped = route(
      { permission: "TRANSACTIONS_VIEW", body: z.object({ q: z.unknown() }).passthrough(), query: z.object({}).passthrough() },
      handler,
    );
    const bad = [
      post('{"q":"a\\u0000b"}'),
      post('{"q":["x",{"deep":"\\ud800"}]}'),
      post('{"\\udfff":"key"}'),
      new Request("http://app.test/api/x?q=a%00b", {
        method: "POST",
        headers: { origin: "http://app.test", host: "app.test", "content-type": "application/json" },
        body: "{}",
      }),
    ];
    for (const req of bad) expect((await errorOf(await wrapped(req, {}))).status).toBe(400);
    expect((await wrapped(post('{"q":"\\ud83d\\ude00 مرحبا"}'), {})).status).toBe(200);
    const withParams = route({ permission: "TRANSACTIONS_VIEW", params: z.object({ id: z.string() }) }, handler);
    expect((await withParams(post("{}"), { params: Promise.resolve({ id: "a\u0000" }) })).status).toBe(400);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it("maps an AppError to its status and user message", async () => {
    const { route } = setup();
    const h = route({ permission: "TRANSACTIONS_VIEW" }, async () => {
      throw new AppError("conflict", "payments.alreadyCapturedOrVoided");
    });
    expect(await errorOf(await h(post({}), {}))).toMatchObject({
      status: 409,
      code: "conflict",
      message: "This payment already has a capture or void; an authorization is captured once.",
    });
  });

  // Rule guarded (#15): an error answer speaks the reader's language (the principal's saved choice, else the cookie,
  // else Accept-Language), English by default; field errors (validation keys of the schemas) too; logs stay English.
  describe("in the reader's language", () => {
    it("answers in Arabic to Accept-Language: ar, and in English without it", async () => {
      const { route, handler } = setup();
      const h = route({ permission: "REFUNDS_CREATE" }, handler);
      expect((await errorOf(await h(post({}, { "accept-language": "ar-SA,ar;q=0.9" }), {}))).message).toBe(arErrors.auth.forbidden);
      expect((await errorOf(await h(post({}), {}))).message).toBe("You do not have permission to do this.");
    });

    it("answers in Arabic to a principal who chose Arabic, whatever the browser says; an AppError's values filled in", async () => {
      const { route } = setup({ ...readOnly, uiPrefs: { language: "ar", digits: "latn", hijri: false, timeZone: "business" } });
      const h = route({ permission: "TRANSACTIONS_VIEW" }, async () => {
        throw new AppError("conflict", ["savedViews.tooMany", { max: 20 }]);
      });
      const e = await errorOf(await h(post({}, { "accept-language": "en" }), {}));
      expect(e).toMatchObject({ status: 409, code: "conflict", message: "لديك 20 طرق عرض محفوظة مسبقًا. احذف واحدة أولًا." });
    });

    it("translates field errors: a schema's own message and zod's built-in one", async () => {
      const { route } = setup();
      const h = route(
        { permission: "TRANSACTIONS_VIEW", body: z.object({ email: z.email(vmsg("email.valid")), id: z.uuid() }) },
        async () => ({}),
      );
      const ar = await errorOf(await h(post({ email: "x", id: "y" }, { "accept-language": "ar" }), {}));
      expect(ar.message).toBe("محتوى الطلب غير صالح.");
      expect(ar.fields).toEqual({ "body.email": [arValidation.email.valid], "body.id": [arValidation.zod.invalidUuid] });
      const en = await errorOf(await h(post({ email: "x", id: "y" }), {}));
      expect(en.message).toBe("The request's body is not valid.");
      expect(en.fields).toEqual({ "body.email": ["Enter a valid e-mail."], "body.id": ["Invalid UUID"] });
    });

    it("keeps the English text on the error itself (logs, audit summaries)", () => {
      const e = new AppError("unprocessable", ["refunds.overBalance", { amount: { money: { minor: 125000, currency: "SAR" } } }]);
      expect(e.userMessage).toBe("The refund cannot be more than the refundable balance of SAR 1250.00.");
      expect(e.message).toBe(e.userMessage);
    });
  });

  it("turns an unexpected error into a generic 500 with a reference id and no internal detail", async () => {
    const { route } = setup();
    const h = route({ permission: "TRANSACTIONS_VIEW" }, async () => {
      throw new Error("connection string postgres://admin:hunter2@db leaked");
    });
    const res = await h(post({}), {});
    const text = await res.clone().text();
    expect(res.status).toBe(500);
    expect(text).not.toContain("hunter2");
    expect((await errorOf(res)).id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("lets safe methods through the Origin check and records each route's declared access", async () => {
    const { route, publicRoute, handler } = setup();
    const h = route({ permission: "TRANSACTIONS_VIEW" }, handler);
    const res = await h(new Request("http://app.test/api/x", { headers: { host: "app.test" } }), {});
    expect(res.status).toBe(200);
    expect(h[ROUTE_META].access).toEqual({ kind: "permission", permission: "TRANSACTIONS_VIEW" });
    expect(publicRoute("health", async () => new Response("ok"))[ROUTE_META].access).toEqual({ kind: "public", reason: "health" });
  });

  it("hands the handler the client IP under TRUSTED_PROXY_HOPS, never a client-written X-Forwarded-For entry", async () => {
    const seen: string[] = [];
    for (const hops of [0, 1]) {
      const ip = (headers: Headers) => clientIp(headers, hops);
      const { route } = createRoute({
        getSession: async () => ({ ok: true, principal: readOnly }),
        allowedOrigins: () => ["http://app.test"],
        clientIp: ip,
      });
      const h = route({ permission: "TRANSACTIONS_VIEW" }, async ({ ip }) => void seen.push(ip));
      // As the app's server stamps it: what the client wrote, then the socket's peer (a proxy at 10.0.0.5).
      await h(new Request("http://app.test/api/x", { headers: { "x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.0.0.5" } }), {});
    }
    expect(seen).toEqual(["10.0.0.5", "198.51.100.7"]);
  });

  describe("a session that has passed the password step only", () => {
    const pendingSetup = (reason: "second_factor_required" | "password_change_required") => {
      const handler = vi.fn(async (ctx: { principal: Principal }) => ({
        user: ctx.principal.userId,
        perms: ctx.principal.permissions.size,
      }));
      const step = reason === "second_factor_required" ? ("verify" as const) : ("change_password" as const);
      const { route } = createRoute({
        getSession: async () => ({ ok: false, reason, step, pending: { ...readOnly, permissions: new Set() } }),
        allowedOrigins: () => ["http://app.test"],
        clientIp: peerIp,
      });
      return { route, handler };
    };

    it("is refused by permission and authenticated routes with 401 second_factor_required, the handler never runs", async () => {
      const { route, handler } = pendingSetup("second_factor_required");
      for (const permission of ["TRANSACTIONS_VIEW", "authenticated", "pending_password_change"] as const) {
        const e = await errorOf(await route({ permission }, handler)(post({}), {}));
        expect(e).toMatchObject({ status: 401, code: "second_factor_required" });
      }
      expect(handler).not.toHaveBeenCalled();
    });

    it("reaches a pending_second_factor route, as a principal holding no permission", async () => {
      const { route, handler } = pendingSetup("second_factor_required");
      const res = await route({ permission: "pending_second_factor" }, handler)(post({}), {});
      expect(await res.json()).toEqual({ user: "u1", perms: 0 });
    });

    it("a password change still owed is refused everywhere (401 password_change_required) but on pending_password_change routes", async () => {
      const { route, handler } = pendingSetup("password_change_required");
      for (const permission of ["TRANSACTIONS_VIEW", "authenticated", "pending_second_factor"] as const) {
        expect(await errorOf(await route({ permission }, handler)(post({}), {}))).toMatchObject({
          status: 401,
          code: "password_change_required",
        });
      }
      expect(handler).not.toHaveBeenCalled();
      expect((await route({ permission: "pending_password_change" }, handler)(post({}), {})).status).toBe(200);
    });

    it("a fully signed-in session is accepted by the pending steps' routes too (adding a factor from the account page)", async () => {
      const { route, handler } = setup();
      const h = route({ permission: "pending_second_factor" }, handler);
      expect((await h(post({}), {})).status).toBe(200);
      expect(h[ROUTE_META].access).toEqual({ kind: "pending_second_factor" });
    });
  });
});

// PCI DSS 10.2.1.4: every refused access of a signed-in person is handed to the recorder (server/audit/denials.ts),
// whether the route or a service refused it; refusals that are not about access (no session, a bad body) are not.
describe("refusals are recorded (threat: probing for permissions leaves no trace)", () => {
  function recording(principal: Principal | null = readOnly, onDenied?: (d: RouteDenial) => Promise<unknown>) {
    const seen: RouteDenial[] = [];
    const { route } = createRoute({
      getSession: async () => (principal ? { ok: true, principal } : { ok: false, reason: "no_session" }),
      allowedOrigins: () => ["http://app.test"],
      clientIp: peerIp,
      onDenied: onDenied ?? (async (d) => void seen.push(d)),
    });
    return { route, seen };
  }

  it("a route's missing permission: recorded with the route, the permission and the IP", async () => {
    const { route, seen } = recording();
    const res = await route({ permission: "REFUNDS_CREATE" }, async () => ({}))(post({}, { "x-forwarded-for": "10.0.0.9" }), {});
    expect(res.status).toBe(403);
    expect(seen).toEqual([
      { principal: readOnly, method: "POST", path: "/api/x", code: "forbidden", permission: "REFUNDS_CREATE", ip: "10.0.0.9" },
    ]);
  });
  it("a service's refusal (a permission it checks itself, a step-up) is recorded too, naming the permission it named", async () => {
    const { route, seen } = recording();
    await route({ permission: "TRANSACTIONS_VIEW" }, async () => requirePermission(readOnly, "AUDIT_VIEW"))(post({}), {});
    await route({ permission: "TRANSACTIONS_VIEW" }, async () => {
      throw new AppError("step_up_required", "auth.stepUpRequired");
    })(post({}), {});
    expect(seen.map((d) => [d.code, d.permission])).toEqual([
      ["forbidden", "AUDIT_VIEW"],
      ["step_up_required", null],
    ]);
  });
  it("no session, a bad body or a conflict are not access refusals: nothing recorded", async () => {
    const { route, seen } = recording();
    await route({ permission: "TRANSACTIONS_VIEW", body: z.object({ n: z.number() }) }, async () => ({}))(post({ n: "x" }), {});
    await route({ permission: "TRANSACTIONS_VIEW" }, async () => {
      throw new AppError("conflict", "payments.alreadyCapturedOrVoided");
    })(post({}), {});
    const anonymous = recording(null);
    await anonymous.route({ permission: "TRANSACTIONS_VIEW" }, async () => ({}))(post({}), {});
    expect([...seen, ...anonymous.seen]).toEqual([]);
  });
  it("a recorder that fails does not change the answer", async () => {
    const { route } = recording(readOnly, async () => {
      throw new Error("database down");
    });
    const e = await errorOf(await route({ permission: "REFUNDS_CREATE" }, async () => ({}))(post({}), {}));
    expect(e).toMatchObject({ status: 403, code: "forbidden" });
  });
});
