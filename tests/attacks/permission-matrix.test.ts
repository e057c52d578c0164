// Threat guarded: a route handler reachable by someone who should not reach it (a forgotten permission check, a
// wrong permission name, an "authenticated" that should have been a permission). The matrix is generated from
// the route list (declaredRoutes walks app/api), so a new route is in it without anyone adding it: every route ×
// method is called directly, the way an attacker would, with no session and with a real session cookie of each
// starter role, a user with no role and a super-admin. Denied: 401 without a session, 403 without the declared
// permission, in the one error shape. Allowed: anything but 401/403 (a 400 for the empty body is fine).
import "./next-scope.support"; // first: Next's request scope needs the global AsyncLocalStorage before Next loads
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets, type TestDatabase } from "../support/db.support";
import {
  call,
  captureAppLog,
  createActor,
  createActors,
  declaredRoutes,
  installDatabase,
  isErrorShape,
  routesMissingSamples,
  SAMPLE_PARAMS,
  startAttackSandbox,
  stopAttackSandbox,
  uninstallDatabase,
  type Actor,
  type DeclaredRoute,
  type PrincipalName,
  ROLE_PRINCIPALS,
} from "./harness.support";
import { assertNoSecrets } from "./secrets.support";
import { and, eq } from "drizzle-orm";
import { auditLog } from "../../server/db/schema";
import { DENIALS_PER_WINDOW } from "../../server/audit/denials";

const ROUTES = await declaredRoutes();

/** Public routes whose call ends the caller's sessions: each call gets a fresh user of the same role. */
const ENDS_SESSIONS = new Set(["session/sign-out"]);

function expectedFor(r: DeclaredRoute, who: PrincipalName, actor: Actor | null): "unauthenticated" | "forbidden" | "allowed" {
  const access = r.meta!.access;
  if (access.kind === "public") return "allowed";
  if (!actor) return "unauthenticated";
  if (access.kind !== "permission") return "allowed"; // "authenticated" and the pending steps' routes (which also take a full session)
  return actor.permissions.has(access.permission) ? "allowed" : "forbidden";
}

describe("permission matrix: the route list", () => {
  it("finds the route handlers, each declared, each with sample values for its path segments", () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(34);
    expect(ROUTES.filter((r) => !r.meta).map((r) => `${r.method} ${r.route}`)).toEqual([]);
    expect(routesMissingSamples(ROUTES), "add a sample for the new route's segments to SAMPLE_PARAMS in harness.ts").toEqual([]);
  });
});

afterAll(() => stopAttackSandbox());

describe.each(testDatabaseTargets())("permission matrix on $name", (target) => {
  let database: TestDatabase;
  let actors: Record<Exclude<PrincipalName, "none">, Actor>;
  const log = captureAppLog();

  beforeAll(async () => {
    await startAttackSandbox();
    database = await target.open();
    await installDatabase(database);
    actors = await createActors(database.db);
  });
  afterAll(async () => {
    log.restore();
    await uninstallDatabase();
    await database?.dispose();
  });

  it.each(
    ROUTES.map((r) => ({
      r,
      label: `${r.method} /api/${r.route}`,
      rule: r.meta?.access.kind === "permission" ? r.meta.access.permission : r.meta?.access.kind,
    })),
  )("$label ($rule): refused to everyone without it, with 401/403 in the error shape", async ({ r }) => {
    const failures: string[] = [];
    for (const who of ["none", ...ROLE_PRINCIPALS] as PrincipalName[]) {
      let actor: Actor | null = who === "none" ? null : actors[who]!;
      if (actor && ENDS_SESSIONS.has(r.route)) actor = await createActor(database.db, actor.name as Exclude<PrincipalName, "none">);
      const expected = expectedFor(r, who, actor);
      const res = await call(r, {
        params: SAMPLE_PARAMS[r.route],
        cookie: actor?.cookie ?? null,
        body: ["POST", "PUT", "PATCH", "DELETE"].includes(r.method) ? "{}" : undefined,
      });
      assertNoSecrets(res, `${r.method} ${r.route} as ${who}`);
      const code = (res.json as { error?: { code?: string } } | undefined)?.error?.code;
      const ok =
        expected === "unauthenticated"
          ? res.status === 401 && code === "unauthenticated" && isErrorShape(res.json)
          : expected === "forbidden"
            ? res.status === 403 && code === "forbidden" && isErrorShape(res.json)
            : res.status !== 401 && res.status !== 403 && res.status < 500;
      if (!ok) failures.push(`${who}: expected ${expected}, got ${res.status} ${res.text.slice(0, 200)}`);
      if (expected === "allowed" && res.status >= 400 && r.meta!.access.kind !== "public" && !isErrorShape(res.json)) {
        failures.push(`${who}: ${res.status} not in the error shape: ${res.text.slice(0, 200)}`);
      }
    }
    expect(
      failures,
      log.lines
        .filter((l) => l.includes('"error"'))
        .slice(-3)
        .join("\n"),
    ).toEqual([]);
  });

  // PCI DSS 10.2.1.4: the matrix's refusals above are an attacker probing for permissions; each left a trace.
  it("threat: probing for permissions leaves no trace: the refusals above are in the audit log, naming what was lacked", async () => {
    const reader = actors["read-only"]!;
    const rows = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "authz.denied"), eq(auditLog.actorId, reader.userId)));
    const refusable = ROUTES.filter((r) => r.meta?.access.kind === "permission" && !reader.permissions.has(r.meta.access.permission));
    expect(rows.length).toBeGreaterThanOrEqual(Math.min(refusable.length, DENIALS_PER_WINDOW));
    for (const row of rows) {
      const summary = row.summary as { permission: string; path: string };
      expect(reader.permissions.has(summary.permission as never), JSON.stringify(summary)).toBe(false);
      expect(row.targetId).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/api\//);
    }
  });
});
