// Rule guarded (#13 Users): the set-password page checks its link when it opens, so a used, expired, replaced or
// unknown link is said at once (before a password is typed), and only a live link of an active user gets the form.
// Threat guarded: the check is no free oracle for guessing links (an unknown link counts against the per-IP throttle).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../auth/users";
import { passwordTokens, users } from "../../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../../tests/support/db.support";
import type { ServiceDeps } from "../../deps";
import { checkPasswordLink } from "./check-password-link";
import { issuePasswordLink } from "./invitation";

describe.each(testDatabaseTargets())("set-password link check on $name", (target) => {
  let database: TestDatabase;
  let now = new Date("2026-11-24T10:00:00Z");
  const deps = () =>
    ({ db: database.db, now: () => now, config: { appUrl: "http://app.test", setPasswordLinkMs: 3_600_000 } }) as unknown as ServiceDeps;
  const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;
  let userId: string;
  beforeAll(async () => {
    database = await target.open();
    const u = await createUser(
      database.db,
      { email: "invitee@links.test", name: "Invitee", password: null, userType: "USER", roleNames: [] },
      { id: null, email: "t" },
    );
    userId = u.id;
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const issue = () => database.db.transaction((tx) => issuePasswordLink(deps(), tx, userId, null));

  it("a live link is valid and names the account; the same link after use, expiry or a newer link is said as such", async () => {
    now = new Date("2026-11-24T10:00:00Z");
    const first = tokenOf((await issue()).url);
    expect(await checkPasswordLink(deps(), first, "10.1.0.1")).toMatchObject({
      state: "valid",
      email: "invitee@links.test",
      kind: "invite",
    });
    const second = tokenOf((await issue()).url);
    expect(await checkPasswordLink(deps(), first, "10.1.0.1")).toEqual({ state: "replaced", kind: "invite" });
    now = new Date("2026-11-24T11:00:01Z");
    expect(await checkPasswordLink(deps(), second, "10.1.0.1")).toEqual({ state: "expired", kind: "invite" });
    now = new Date("2026-11-24T10:30:00Z");
    await database.db.update(passwordTokens).set({ usedAt: now }).where(eq(passwordTokens.userId, userId));
    expect(await checkPasswordLink(deps(), second, "10.1.0.1")).toEqual({ state: "used", kind: "invite" });
  });

  it("a live link of a disabled account says so", async () => {
    now = new Date("2026-11-24T12:00:00Z");
    const token = tokenOf((await issue()).url);
    await database.db.update(users).set({ status: "disabled" }).where(eq(users.id, userId));
    expect(await checkPasswordLink(deps(), token, "10.1.0.2")).toEqual({ state: "disabled" });
    await database.db.update(users).set({ status: "active" }).where(eq(users.id, userId));
  });

  it("unknown links are unknown, and guessing them trips the same per-IP throttle as setting a password", async () => {
    now = new Date("2026-11-24T13:00:00Z");
    const states: string[] = [];
    for (let i = 0; i < 7; i++) states.push((await checkPasswordLink(deps(), `guess-${i}`, "10.9.9.9")).state);
    expect(states.slice(0, 5)).toEqual(Array(5).fill("unknown"));
    expect(states.at(-1)).toBe("rate_limited");
  });
});
