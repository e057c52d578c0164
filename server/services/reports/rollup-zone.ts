// The daily rollup counts calendar days of one zone (ledger_rollup_settings). Before the first figure a process
// reads, it makes sure that zone is REPORT_TIME_ZONE: when it is not (the variable changed), the daily table is
// rebuilt from the hourly one, in one transaction, under the settings row's lock (several instances starting
// together rebuild once). Checked once per database per process, and again when the zone asked for changes.
// No `import "server-only"`: the reports benchmark runs the figures; it holds no secret.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rawRows } from "../../db/raw-rows";

/** Per database: the zone last made current by this process, and that work. */
const current = new WeakMap<Db, { zone: string; done: Promise<void> }>();

export function rollupInZone(db: Db, zone: string): Promise<void> {
  const known = current.get(db);
  if (known?.zone === zone) return known.done;
  const done = db
    .transaction(async (tx) => {
      const [row] = rawRows<{ time_zone: string }>(await tx.execute(sql`select time_zone from ledger_rollup_settings for update`));
      if (row?.time_zone !== zone) await tx.execute(sql`select ledger_rollup_set_zone(${zone})`);
    })
    .catch((e: unknown) => {
      if (current.get(db)?.done === done) current.delete(db); // try again on the next call
      throw e;
    });
  current.set(db, { zone, done });
  return done;
}
