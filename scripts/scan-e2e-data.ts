// After the browser suite: every table of every e2e dashboard database, and the dashboards' logs, must hold no
// full card number and no CVV (the e2e run typed real test card numbers and CVVs into the sandbox's pages and
// the dashboard's forms). Usage: tsx scripts/scan-e2e-data.ts <data dir>...
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_EXTENSIONS } from "../server/db/client";
import { scanForCardData } from "./lib/card-data-scan";

let failures = 0;
let scannedRows = 0;
for (const dir of process.argv.slice(2)) {
  const pgDir = path.join(dir, "pglite");
  if (!fs.existsSync(pgDir)) {
    console.error(`card-data scan: no database at ${pgDir}`);
    failures++;
    continue;
  }
  const db = new PGlite(pgDir, { extensions: PGLITE_EXTENSIONS });
  const tables = await db.query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  for (const { table_name } of tables.rows) {
    const rows = await db.query<{ row: string }>(`select row_to_json(t)::text as row from "${table_name}" t`);
    scannedRows += rows.rows.length;
    for (const { row } of rows.rows) {
      for (const f of scanForCardData(row)) {
        failures++;
        console.error(`card-data scan: ${f.kind} in table ${table_name} (${dir}): ${f.excerpt}`);
      }
    }
  }
  await db.close();
  // The dashboard's log (what `npm start` printed) and the sandbox gateway's own (DATA_DIR/sandbox.log).
  for (const name of ["server.log", "sandbox.log"]) {
    const log = path.join(dir, name);
    if (fs.existsSync(log)) {
      for (const f of scanForCardData(fs.readFileSync(log, "utf8"))) {
        failures++;
        console.error(`card-data scan: ${f.kind} in ${log}: ${f.excerpt}`);
      }
    } else {
      console.error(`card-data scan: no log at ${log}`);
      failures++;
    }
  }
}
console.log(`card-data scan: ${scannedRows} rows and the server logs scanned; ${failures} finding(s).`);
process.exit(failures ? 1 : 0);
