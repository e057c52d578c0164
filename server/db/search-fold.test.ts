// Rule guarded: the SQL fold (migration 0032's search_fold, behind the trigram index on names) is the JS fold — a name stored with one Arabic spelling is found by a query typed
// with another, on PGlite and on Postgres (translate/regexp_replace behave the same on both).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foldForSearch } from "@/lib/search/fold";
import { testDatabaseTargets, type TestDatabase } from "../../tests/support/db.support";
import { rawRows } from "./raw-rows";
import { foldSql } from "./search-fold";

const SAMPLES = ["أحمد إبراهيم", "آمنة", "مصطفى", "خانۀ", "رحمٰن", "فاطمة الزهراني", "محـمد", "مُحَمَّد", "Fatima O'Neil", "ٱلرحمن"];

describe.each(testDatabaseTargets())("foldSql ($name)", (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("folds every sample exactly as foldForSearch does", async () => {
    for (const sample of SAMPLES) {
      const rows = rawRows<{ folded: string }>(await database.db.execute(sql`select ${foldSql(sql`${sample}::text`)} as folded`));
      expect(rows[0]!.folded, sample).toBe(foldForSearch(sample));
    }
  });
});
