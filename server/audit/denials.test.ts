// Threats guarded (real databases): probing for permissions leaves no trace (PCI DSS 10.2.1.4): each refusal writes an
// authz.denied row with actor, route, permission, IP and request id; and a loop of forbidden calls cannot flood the
// trail: a session gets at most DENIALS_PER_WINDOW rows a window, and the next row says how many were left out.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets, type TestDatabase } from "../../tests/support/db.support";
import { auditLog } from "../db/schema";
import { createDenialLimiter, DENIAL_WINDOW_MS, DENIALS_PER_WINDOW, recordDenial, type Denial } from "./denials";
import { verifyAuditChain } from "./audit-log";

describe("the per-session limiter", () => {
  it("admits DENIALS_PER_WINDOW a window, counts the rest, and reports them with the next window's first row", () => {
    let t = 0;
    const limiter = createDenialLimiter(() => t);
    const admitted = Array.from({ length: 25 }, () => limiter.admit("s1").write);
    expect(admitted.filter(Boolean)).toHaveLength(DENIALS_PER_WINDOW);
    expect(limiter.admit("s2").write).toBe(true); // another session has its own window
    t += DENIAL_WINDOW_MS;
    expect(limiter.admit("s1")).toEqual({ write: true, suppressedBefore: 25 - DENIALS_PER_WINDOW });
    expect(limiter.admit("s1")).toEqual({ write: true, suppressedBefore: 0 });
  });
});

describe.each(testDatabaseTargets())("authz.denied rows on $name", (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("20 forbidden calls by a read-only user: 10 rows naming actor, route, permission, IP and request id; the chain holds", async () => {
    const limiter = createDenialLimiter();
    const logged: string[] = [];
    const denial: Denial = {
      actorId: "00000000-0000-4000-8000-0000000000a1",
      actorEmail: "reader@example.com",
      sessionId: "sess-1",
      method: "POST",
      path: "/api/refunds",
      code: "forbidden",
      permission: "REFUNDS_CREATE",
      ip: "203.0.113.9",
      requestId: "req-1",
    };
    for (let i = 0; i < 20; i++) await recordDenial(database.db, limiter, denial, (event) => logged.push(event));
    const rows = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "authz.denied"), eq(auditLog.actorId, denial.actorId)));
    expect(rows).toHaveLength(DENIALS_PER_WINDOW);
    expect(logged).toHaveLength(DENIALS_PER_WINDOW);
    expect(rows[0]).toMatchObject({
      actorEmail: "reader@example.com",
      ip: "203.0.113.9",
      targetType: "route",
      targetId: "POST /api/refunds",
    });
    expect(rows[0]!.summary).toEqual({
      method: "POST",
      path: "/api/refunds",
      code: "forbidden",
      permission: "REFUNDS_CREATE",
      requestId: "req-1",
    });
    expect(await verifyAuditChain(database.db)).toMatchObject({ ok: true });
  });
});
