import "./next-scope.support"; // first: Next's request scope needs the global AsyncLocalStorage before Next loads
// Threats guarded, through the real route handler (app/api/session/password-reset) with the app's own deps:
// account enumeration by the answer (a known, an unknown and a disabled address get byte-identical answers, and
// being throttled looks the same for all of them); a body bigger than the cap; and that the link is still issued
// after the answer (Next's after()): the known address ends with one reset link and one queued mail, the unknown
// with none.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, passwordTokens, users } from "../../server/db/schema";
import { testDatabaseTargets, type TestDatabase } from "../support/db.support";
import {
  call,
  declaredRoutes,
  errorCode,
  installDatabase,
  routeOf,
  startAttackSandbox,
  stopAttackSandbox,
  uninstallDatabase,
} from "./harness.support";

const RESET = routeOf(await declaredRoutes(), "POST", "session/password-reset");

afterAll(() => stopAttackSandbox());

describe.each(testDatabaseTargets())("the password-reset route on $name", (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    await startAttackSandbox();
    database = await target.open();
    await installDatabase(database);
  });
  afterAll(async () => {
    await uninstallDatabase();
    await database?.dispose();
  });

  let ip = 0;
  const ask = (email: string, from = `198.51.100.${++ip}`) =>
    call(RESET, { body: JSON.stringify({ email }), contentType: "application/json", headers: { "x-forwarded-for": from } });
  const comparable = (a: Awaited<ReturnType<typeof ask>>) => ({
    status: a.status,
    text: a.text,
    cacheControl: a.headers.get("cache-control"),
  });

  it("known, unknown and disabled addresses get the identical answer; only the known one gets a link and a mail", async () => {
    const [known] = await database.db
      .insert(users)
      .values({ email: `known-${target.name}@example.com`, name: "Kamal", userType: "USER" })
      .returning();
    const [disabled] = await database.db
      .insert(users)
      .values({ email: `off-${target.name}@example.com`, name: "Dalia", userType: "USER", status: "disabled" })
      .returning();
    const answers = [await ask(known!.email), await ask(`unknown-${target.name}@example.com`), await ask(disabled!.email)];
    expect(answers[0]!.status).toBe(200);
    expect((answers[0]!.json as { message: string }).message).toMatch(/^If an account exists for this address/);
    for (const a of answers.slice(1)) expect(comparable(a)).toEqual(comparable(answers[0]!));
    // The link is issued after the answer: wait for it.
    await expect
      .poll(async () => (await database.db.select().from(passwordTokens).where(eq(passwordTokens.userId, known!.id))).length)
      .toBe(1);
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, known!.email))).toHaveLength(1);
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, disabled!.email))).toHaveLength(0);
  });

  it("being throttled answers the same 429 whether or not the account exists", async () => {
    const [known] = await database.db
      .insert(users)
      .values({ email: `busy-${target.name}@example.com`, name: "Basil", userType: "USER" })
      .returning();
    const last: Array<Awaited<ReturnType<typeof ask>>> = [];
    for (const email of [known!.email, `ghost-${target.name}@example.com`]) {
      for (let i = 0; i < 3; i++) expect((await ask(email)).status).toBe(200);
      last.push(await ask(email));
    }
    expect(last[0]!.status).toBe(429);
    expect(errorCode(last[0]!)).toBe("rate_limited");
    expect(comparable(last[1]!)).toEqual(comparable(last[0]!));
  });

  it("a body over the cap or not JSON is refused before anything is recorded", async () => {
    const big = await call(RESET, { body: JSON.stringify({ email: `${"a".repeat(5000)}@example.com` }), contentType: "application/json" });
    expect(big.status).toBe(400);
    expect((big.json as { error: { message: string } }).error.message).toBe("The request body is too large.");
    expect((await call(RESET, { body: "email=a@example.com", contentType: "application/x-www-form-urlencoded" })).status).toBe(400);
  });
});
