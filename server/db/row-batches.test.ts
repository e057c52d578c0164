// Threat guarded (#17): slow downloads starving the app. A CSV export's cursor holds its connection for the whole
// download; on the requests' pool ten slow downloads would take every connection and every page would wait.
// Downloads read through a pool of their own (STREAM_CONNECTIONS): with every one of those held by a download that
// is not being read, the requests' pool still answers at once, and one more download waits for a free stream
// connection rather than taking a request's. PostgreSQL only (the embedded database has one connection and reads
// exports in keyset batches).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { testDatabaseTargets, type TestDatabase } from "../../tests/support/db.support";
import { cursorBatches, STREAM_CONNECTIONS, type RowBatches } from "./row-batches";

const postgresTarget = testDatabaseTargets().find((t) => t.name === "postgres");
const series = { sql: "select g, g::text from generate_series(1, 50000) g", params: [] };
const settledWithin = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe.skipIf(!postgresTarget)("downloads on a pool of their own (PostgreSQL)", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await postgresTarget!.open();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("every stream connection held by an unread download: requests still answer, one more download waits its turn", async () => {
    const held: RowBatches[] = [];
    for (let i = 0; i < STREAM_CONNECTIONS; i++) {
      const batches = cursorBatches(database.db, series, 100);
      expect(await batches.next()).toHaveLength(100); // the cursor is open and holds its connection
      held.push(batches);
    }
    // Ten requests at once on the requests' pool: none waits for the downloads.
    const requests = Promise.all(Array.from({ length: 10 }, () => database.db.execute(sql`select 1 as one`)));
    expect(await settledWithin(requests, 2_000)).toBe(true);

    const extra = cursorBatches(database.db, series, 100);
    const first = extra.next();
    expect(await settledWithin(first, 300)).toBe(false); // no free stream connection: it waits
    await held[0]!.close();
    expect(await first).toHaveLength(100);
    for (const b of [...held.slice(1), extra]) await b.close();
  });

  it("a download read to its end gives its connection back (the rows come from one snapshot, in order)", async () => {
    const batches = cursorBatches(database.db, { sql: "select g from generate_series(1, 2500) g", params: [] }, 1_000);
    const sizes: number[] = [];
    let last = 0;
    for (let rows = await batches.next(); rows.length > 0; rows = await batches.next()) {
      sizes.push(rows.length);
      last = Number(rows.at(-1)![0]);
    }
    expect(sizes).toEqual([1_000, 1_000, 500]);
    expect(last).toBe(2_500);
    // All stream connections are free again: as many downloads as there are connections start at once.
    const again = Array.from({ length: STREAM_CONNECTIONS }, () => cursorBatches(database.db, series, 10));
    expect(await settledWithin(Promise.all(again.map((b) => b.next())), 2_000)).toBe(true);
    for (const b of again) await b.close();
  });
});
