// Threats guarded: a replayed or transplanted WebAuthn answer. The challenge sent to the browser is exactly the one
// kept on the server for that session; it is spent on first use, refused after 5 minutes and refused for another
// session; adding a passkey with a stale factor is refused (step-up), and a session's options list only its user's
// passkeys.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mfaChallenges, mfaPasskeys, sessions } from "../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { AppError } from "../../errors";
import type { Principal } from "../principal";
import { createUser, seedLocalRoles } from "../users";
import { passkeyAuthenticationOptions } from "./passkey-authentication";
import { passkeyRegistrationOptions } from "./passkey-registration";
import type { MfaDeps } from "./session-factor";
import { spendChallenge } from "./webauthn-challenges";

const rp = { rpId: "dashboard.test", origin: "https://dashboard.test", rpName: "Merchant dashboard" };

describe.each(testDatabaseTargets())("WebAuthn challenges on $name", (target) => {
  let database: TestDatabase;
  const deps = (): MfaDeps => ({ db: database.db, authSecret: "challenge-test-secret-0123456789abcdef0123" });

  beforeAll(async () => {
    database = await target.open();
    await seedLocalRoles(database.db);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  async function principal(tag: string, extra: Partial<Principal> = {}): Promise<Principal> {
    const user = await createUser(
      database.db,
      { email: `${tag}@challenge.test`, name: tag, password: null, userType: "USER", roleNames: ["read-only"] },
      { id: null, email: "t" },
    );
    const [s] = await database.db.insert(sessions).values({ userId: user.id }).returning();
    return { userId: user.id, sessionId: s!.id, email: user.email, name: tag, userType: "USER", permissions: new Set(), ...extra };
  }

  it("the options carry the session's stored challenge, which is spent once, and not by another session", async () => {
    const p = await principal("reg");
    const options = await passkeyRegistrationOptions(deps(), p, rp);
    const [row] = await database.db.select().from(mfaChallenges).where(eq(mfaChallenges.sessionId, p.sessionId));
    expect(options.challenge).toBe(row!.challenge);
    expect(options.rp).toEqual({ name: "Merchant dashboard", id: "dashboard.test" });
    const other = await principal("other");
    expect(await spendChallenge(database.db, other.sessionId, "register", new Date())).toBeNull();
    expect(await spendChallenge(database.db, p.sessionId, "authenticate", new Date())).toBeNull();
    expect(await spendChallenge(database.db, p.sessionId, "register", new Date())).toBe(row!.challenge);
    expect(await spendChallenge(database.db, p.sessionId, "register", new Date())).toBeNull();
  });

  it("a challenge older than 5 minutes is refused; a new one replaces the old", async () => {
    const p = await principal("late");
    const first = await passkeyRegistrationOptions(deps(), p, rp);
    const second = await passkeyRegistrationOptions(deps(), p, rp);
    expect(second.challenge).not.toBe(first.challenge);
    expect(await database.db.select().from(mfaChallenges).where(eq(mfaChallenges.sessionId, p.sessionId))).toHaveLength(1);
    expect(await spendChallenge(database.db, p.sessionId, "register", new Date(Date.now() + 5 * 60_000 + 1_000))).toBeNull();
  });

  it("adding a passkey with a stale factor is refused; sign-in options list only the user's own passkeys", async () => {
    const stale = await principal("stale", { hasFactor: true, factorAt: new Date(Date.now() - 10 * 60_000) });
    await expect(passkeyRegistrationOptions(deps(), stale, rp)).rejects.toSatisfy(
      (e) => e instanceof AppError && e.code === "step_up_required",
    );
    const a = await principal("owner-a");
    const b = await principal("owner-b");
    await database.db.insert(mfaPasskeys).values([
      { userId: a.userId, credentialId: "cred-a", publicKey: "AA", name: "A" },
      { userId: b.userId, credentialId: "cred-b", publicKey: "AA", name: "B" },
    ]);
    const options = await passkeyAuthenticationOptions(deps(), a, rp);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual(["cred-a"]);
    expect(options.userVerification).toBe("required");
  });
});
