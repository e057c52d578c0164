// Rule guarded: a duplicate (order id, e-mail, idempotency key) is recognised on both drivers, so callers answer
// 409 or replay instead of a 500; other errors are not mistaken for one.
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { isUniqueViolation } from "./errors";
import { testDatabaseTargets } from "../../tests/support/db.support";

describe.each(testDatabaseTargets())("unique violations on $name", (target) => {
  it("recognises a real duplicate-key error and nothing else", async () => {
    const database = await target.open();
    try {
      await database.db.execute(sql`insert into users (email, name) values ('dup@example.com', 'A')`);
      const dup = await database.db.execute(sql`insert into users (email, name) values ('dup@example.com', 'B')`).catch((e: unknown) => e);
      expect(isUniqueViolation(dup)).toBe(true);
      const other = await database.db.execute(sql`select * from no_such_table`).catch((e: unknown) => e);
      expect(isUniqueViolation(other)).toBe(false);
    } finally {
      await database.dispose();
    }
  });
});
