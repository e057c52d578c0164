// Rules guarded (issue #17, the session check cached for a few seconds): deny by default is decided afresh on
// every request (a refusal is never kept); a kept principal costs no database round trip; sign-out, disable, a
// password change and a role change end or narrow it on the very next request in this process, and in another
// instance as soon as the change commits (triggers → NOTIFY principal_changed → LISTEN); a check that began before
// such a change is not kept; nothing is kept before the LISTEN is in place. Real databases, real resolvePrincipal.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/client";
import { countQueries } from "../db/query-observer";
import { roles, sessions, userRoles, users } from "../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../tests/support/db.support";
import { createPrincipalCache, PRINCIPAL_CHANNEL, type PrincipalCache } from "./principal-cache";
import { endAllSessions, resolvePrincipal, type PrincipalResult } from "./principal";
import { createUser, seedLocalRoles } from "./users";

const LIMITS = { idleMs: 3_600_000, maxAgeMs: 8 * 3_600_000, mfaRequired: "none" as const };

async function until(check: () => boolean, ms = 3_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("the change never reached the other instance");
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("principal cache, without a database", () => {
  const usable: PrincipalResult = {
    ok: true,
    principal: { userId: "u", sessionId: "s", email: "e", name: "n", userType: "USER", permissions: new Set() },
  };
  const listenNow = { listen: async () => async () => {} };

  it("keeps nothing until its LISTEN is in place, and never keeps a refusal (deny by default every time)", async () => {
    const cache = createPrincipalCache();
    let calls = 0;
    const ok = async (): Promise<PrincipalResult> => (calls++, usable);
    await cache.get("c", ok);
    await cache.get("c", ok);
    expect(calls).toBe(2);
    await cache.attach(listenNow, { localWrites: false });
    const ended = async (): Promise<PrincipalResult> => (calls++, { ok: false, reason: "ended" });
    expect(await cache.get("c", ended)).toEqual({ ok: false, reason: "ended" });
    expect(await cache.get("c", ended)).toEqual({ ok: false, reason: "ended" });
    expect(calls).toBe(4);
    expect(cache.size).toBe(0);
  });

  it("a kept principal is reused for a few seconds only; a check that began before a change is not kept", async () => {
    let t = 0;
    const cache = createPrincipalCache({ ttlMs: 5_000, now: () => t });
    await cache.attach(listenNow, { localWrites: false });
    let calls = 0;
    const ok = async (): Promise<PrincipalResult> => (calls++, usable);
    await cache.get("c", ok);
    t = 4_999;
    await cache.get("c", ok);
    expect(calls).toBe(1);
    t = 5_000;
    await cache.get("c", ok);
    expect(calls).toBe(2);
    // A check racing a sign-out: it read the old state, the change was seen while it ran; the old state is not kept.
    cache.invalidate();
    await cache.get("c", async () => (cache.invalidate(), calls++, usable));
    expect(cache.size).toBe(0);
  });
});

describe.each(testDatabaseTargets())("principal cache on $name", (target) => {
  let database: TestDatabase;
  let cache: PrincipalCache;

  beforeAll(async () => {
    database = await target.open();
    await seedLocalRoles(database.db);
    cache = createPrincipalCache();
    await cache.attach(database);
  });
  afterAll(async () => {
    await cache?.detach();
    await database?.dispose();
  });

  async function signedIn(roleNames: string[]) {
    const u = (await createUser(
      database.db,
      { email: `${randomUUID()}@test.example`, name: "Cached", password: null, userType: "USER", roleNames },
      { id: null, email: "test" },
    )) as { id: string };
    const [s] = await database.db.insert(sessions).values({ userId: u.id }).returning();
    const [row] = await database.db.select({ sv: users.sessionVersion }).from(users).where(eq(users.id, u.id));
    const claims = { uid: u.id, sid: s!.id, sv: row!.sv };
    const cookie = randomUUID();
    const check = (c: PrincipalCache = cache, db: Database["db"] = database.db) =>
      c.get(cookie, () => resolvePrincipal(db, claims, LIMITS));
    return { userId: u.id, check };
  }

  it("a kept principal costs no round trip; sign-out refuses the very next request", async () => {
    const who = await signedIn(["read-only"]);
    expect((await who.check()).ok).toBe(true);
    const { result, count } = await countQueries(() => who.check());
    expect(result.ok).toBe(true);
    expect(count.roundTrips).toBe(0);
    await endAllSessions(database.db, who.userId, "sign_out");
    expect(await who.check()).toEqual({ ok: false, reason: "ended" });
  });

  it("disabling the user refuses the very next request", async () => {
    const who = await signedIn(["read-only"]);
    expect((await who.check()).ok).toBe(true);
    await database.db.update(users).set({ status: "disabled" }).where(eq(users.id, who.userId));
    expect(await who.check()).toEqual({ ok: false, reason: "disabled" });
  });

  it("a role change applies to the very next request (permissions narrowed, then widened)", async () => {
    const who = await signedIn(["read-only"]);
    const first = await who.check();
    expect(first.ok && first.principal.permissions.has("TRANSACTIONS_VIEW")).toBe(true);
    await database.db.delete(userRoles).where(eq(userRoles.userId, who.userId));
    const narrowed = await who.check();
    expect(narrowed.ok && narrowed.principal.permissions.size).toBe(0);
    const [viewer] = await database.db.select().from(roles).where(eq(roles.name, "read-only"));
    await database.db
      .update(roles)
      .set({ permissions: ["TRANSACTIONS_VIEW", "REFUNDS_CREATE"] })
      .where(eq(roles.id, viewer!.id));
    await database.db.insert(userRoles).values({ userId: who.userId, roleId: viewer!.id });
    const widened = await who.check();
    expect(widened.ok && widened.principal.permissions.has("REFUNDS_CREATE")).toBe(true);
  });

  it("another instance drops its kept principal when the change commits (NOTIFY principal_changed)", async () => {
    // The other instance: its own connection pool on Postgres (the same embedded database on PGlite), hearing
    // only the notifications, not this process's own writes.
    const other = database.url ? await openDatabase({ url: database.url, dataDir: null, poolSize: 2 }) : null;
    const otherDb = (other ?? database).db;
    // A barrier instead of a sleep: the setup's own writes (a new user's roles) notify too, and on a busy machine
    // their notification can land after the other instance kept a principal, dropping it for the right reason
    // but failing the test. A marker notified after them arrives after them (one connection hears in commit
    // order), so once it is heard nothing earlier is still on its way. The marker itself drops nothing.
    const heard = new Set<string>();
    const listenSource = other ?? database;
    const otherCache = createPrincipalCache({ ttlMs: 60_000 });
    await otherCache.attach(
      {
        listen: (channel, onNotify, onListen) =>
          listenSource.listen(channel, (payload) => (payload.startsWith("marker:") ? heard.add(payload) : onNotify(payload)), onListen),
      },
      { localWrites: false },
    );
    const settled = async () => {
      const marker = `marker:${randomUUID()}`;
      await database.db.execute(sql`select pg_notify(${PRINCIPAL_CHANNEL}, ${marker})`);
      await until(() => heard.has(marker));
    };
    try {
      const who = await signedIn(["read-only"]);
      await settled();
      expect((await who.check(otherCache, otherDb)).ok).toBe(true);
      expect(otherCache.size).toBe(1);
      await endAllSessions(database.db, who.userId, "disabled_by_admin");
      await until(() => otherCache.size === 0);
      expect(await who.check(otherCache, otherDb)).toEqual({ ok: false, reason: "ended" });
      // The once-a-minute touch is no change: a kept principal stays kept.
      const again = await signedIn(["read-only"]);
      await settled();
      await again.check(otherCache, otherDb);
      expect(otherCache.size).toBe(1);
      await database.db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.userId, again.userId));
      await settled();
      expect(otherCache.size).toBe(1);
    } finally {
      await otherCache.detach();
      await other?.close();
    }
  });
});
