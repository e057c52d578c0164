// Threat guarded: a stolen password used from another browser goes unnoticed. Rules: the user is mailed when a
// sign-in comes from a browser and IP none of their sessions of the last 90 days used; not on their first sign-in,
// not again from a known browser; the mail carries no secret (no link, no token), only when, where and what.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, sessions, users } from "../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../tests/support/db.support";
import { queueNewSignInAlert } from "./new-sign-in-alert";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; rv:128.0) Gecko/20100101 Firefox/128.0";
const describeBrowser = (ua: string | null) => (ua?.includes("Firefox") ? "Firefox on Windows" : "Chrome on Linux");

describe.each(testDatabaseTargets())("new-sign-in alerts on $name", (target) => {
  let database: TestDatabase;
  let user: { id: string; email: string; name: string };
  const signIn = async (ip: string, userAgent: string, at: Date) => {
    const [s] = await database.db.insert(sessions).values({ userId: user.id, ip, userAgent, createdAt: at, lastSeenAt: at }).returning();
    return queueNewSignInAlert(database.db, user, { id: s!.id, ip, userAgent, createdAt: at }, describeBrowser);
  };
  const mails = () => database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));

  beforeAll(async () => {
    database = await target.open();
    const [u] = await database.db.insert(users).values({ email: "alerted@example.com", name: "Alia Alerted" }).returning();
    user = { id: u!.id, email: u!.email, name: u!.name };
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("sends nothing on the account's first sign-in, nor from a browser and IP already used", async () => {
    const t0 = new Date("2026-11-01T08:00:00Z");
    expect(await signIn("10.0.0.1", CHROME, t0)).toBe(false);
    expect(await signIn("10.0.0.1", CHROME, new Date(t0.getTime() + 86_400_000))).toBe(false);
    expect(await mails()).toEqual([]);
  });

  it("mails the user when another browser or another address signs in, saying when, where and what, with no link", async () => {
    expect(await signIn("10.0.0.1", FIREFOX, new Date("2026-11-03T09:30:00Z"))).toBe(true);
    expect(await signIn("203.0.113.7", CHROME, new Date("2026-11-03T10:00:00Z"))).toBe(true);
    const sent = await mails();
    expect(sent).toHaveLength(2);
    expect(sent[0]!.kind).toBe("new_sign_in");
    expect(sent[0]!.textBody).toContain("Firefox on Windows");
    // In the business time zone, named (REPORT_TIME_ZONE, Asia/Riyadh by default), like every date staff read.
    expect(sent[0]!.textBody).toContain("2026-11-03 12:30 (Asia/Riyadh)");
    expect(sent[1]!.textBody).toContain("203.0.113.7");
    for (const m of sent) expect(`${m.textBody}${m.htmlBody}`).not.toMatch(/https?:\/\/|token/i);
  });

  it("counts a browser unseen for more than 90 days as new again", async () => {
    expect(await signIn("10.0.0.1", CHROME, new Date("2027-03-01T08:00:00Z"))).toBe(true);
  });
});
