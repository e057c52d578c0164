// `npm run bench:audit`: a measurement (not a test) of the audit trail's verification at scale
// (BENCH_DATABASE_URL=postgres://… for a Postgres server; BENCH_RESULTS_DIR=bench/results publishes). Writes BENCH_ROWS (default 10,000,000) audit rows forming a valid HMAC chain (computed here
// exactly as appendAudit does, loaded with COPY) into a fresh database — a new database on BENCH_DATABASE_URL's
// Postgres server, or embedded PGlite — then times, as the app runs them:
//   - the anchoring pass's first, full walk of the whole chain (the daily pass), in rows per second;
//   - 1,000 appends through appendAudit at that size (the advisory lock and the head lookup);
//   - the audit page's incremental check (newest checkpoint, the rows after it, the newest anchor) with those 1,000
//     rows appended since the checkpoint. Budget: it stays under 150 ms at the median whatever the log's size.
// Writes bench/runs/audit-chain-<date>[-postgres].json. BENCH_RUNS sets the timed page checks (default 25).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { anchorAuditTrail } from "../server/audit/anchor-pass";
import { appendAuditNow } from "../server/audit/audit-log";
import { auditMac, GENESIS_HASH, type AuditContent } from "../server/audit/chain";
import { chainKeyring, setActiveChainKeyring } from "../server/audit/chain-keys";
import { verifyAuditTrail } from "../server/audit/trail";
import { openFreshDatabase, timingStats, writeScaleResult } from "./lib/bench-database";

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 25);
const APPENDS = 1_000;
const BUDGET_MS = 150;
const ring = chainKeyring("bench-audit-chain-key-0123456789abcdefghij");
setActiveChainKeyring(ring);
const ACTIONS = ["auth.sign_in", "payment.capture", "refund.request", "authz.denied", "audit.view", "user.update"];

/** Row i of the seeded log: realistic sizes (an e-mail, a target, an IP, a small summary). */
function content(i: number, at: Date): AuditContent {
  return {
    at,
    actorId: null,
    actorEmail: `staff${i % 500}@merchant.example`,
    action: ACTIONS[i % ACTIONS.length]!,
    targetType: "payment",
    targetId: `ORD-${i}`,
    ip: `10.0.${(i >> 8) & 255}.${i & 255}`,
    summary: { amount: (i % 100_000) / 100, currency: "SAR", requestId: `req-${i}` },
  };
}

/** COPY text format: tab-separated, backslash escapes (the values here never hold tabs or newlines). */
function* copyLines(): Generator<string> {
  let prev = GENESIS_HASH;
  const start = Date.UTC(2025, 0, 1);
  const stepMs = (365 * 86_400_000) / ROWS;
  let batch: string[] = [];
  for (let i = 1; i <= ROWS; i++) {
    const c = content(i, new Date(Math.floor(start + i * stepMs)));
    const hash = auditMac(ring.current.macKey, ring.current.id, prev, c);
    const summary = JSON.stringify(c.summary).replace(/\\/g, "\\\\");
    batch.push(
      [i, c.at.toISOString(), "\\N", c.actorEmail, c.action, c.targetType, c.targetId, c.ip, summary, prev, hash, ring.current.id].join(
        "\t",
      ),
    );
    prev = hash;
    if (batch.length === 10_000) {
      yield batch.join("\n") + "\n";
      batch = [];
    }
  }
  if (batch.length) yield batch.join("\n") + "\n";
}

async function seed(url: string | null, db: Parameters<typeof appendAuditNow>[0]): Promise<number> {
  const started = performance.now();
  if (url) {
    const client = postgres(url, { max: 1, onnotice: () => {} });
    const writable =
      await client`copy audit_log (id, at, actor_id, actor_email, action, target_type, target_id, ip, summary, prev_hash, hash, key_id) from stdin`.writable();
    await pipeline(Readable.from(copyLines()), writable);
    await client`select setval('audit_log_id_seq', ${ROWS})`;
    await client`analyze audit_log`;
    await client.end({ timeout: 5 });
  } else {
    // PGlite has no COPY FROM STDIN over this driver: chunked INSERTs of the same rows.
    for (const chunk of copyLines()) {
      const values = chunk
        .trim()
        .split("\n")
        .map((line) => line.split("\t"));
      await db.execute(
        sql`insert into audit_log (id, at, actor_id, actor_email, action, target_type, target_id, ip, summary, prev_hash, hash, key_id) select * from jsonb_to_recordset(${JSON.stringify(
          values.map((v) => ({
            id: Number(v[0]),
            at: v[1],
            actor_id: null,
            actor_email: v[3],
            action: v[4],
            target_type: v[5],
            target_id: v[6],
            ip: v[7],
            summary: JSON.parse(v[8]!),
            prev_hash: v[9],
            hash: v[10],
            key_id: v[11],
          })),
        )}::jsonb) as x(id bigint, at timestamptz, actor_id uuid, actor_email text, action text, target_type text, target_id text, ip text, summary jsonb, prev_hash text, hash text, key_id text)`,
      );
    }
    await db.execute(sql`select setval('audit_log_id_seq', ${ROWS})`);
  }
  return (performance.now() - started) / 1000;
}

async function main() {
  const fresh = await openFreshDatabase("bench_audit");
  const anchorDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-anchors-"));
  const { database } = fresh;
  const url = "url" in fresh.location ? fresh.location.url : null;
  const log = { info: () => {}, error: (event: string, fields?: unknown) => console.error(event, fields) };
  try {
    console.log(`Seeding ${ROWS.toLocaleString("en")} chained audit rows into ${fresh.label} …`);
    const seedSeconds = await seed(url, database.db);
    console.log(`  seeded in ${seedSeconds.toFixed(1)} s`);

    const fullStarted = performance.now();
    const first = await anchorAuditTrail({ db: database.db, now: () => new Date(), log }, { anchorDir, batchSize: 5_000 });
    const fullSeconds = (performance.now() - fullStarted) / 1000;
    if (!first.report.ok || first.report.rows !== ROWS)
      throw new Error(`the seeded chain did not verify: ${JSON.stringify(first.report.problem)}`);
    console.log(`  full walk: ${fullSeconds.toFixed(1)} s (${Math.round(ROWS / fullSeconds).toLocaleString("en")} rows/s)`);

    const appendMs: number[] = [];
    for (let i = 0; i < APPENDS; i++) {
      const t = performance.now();
      await appendAuditNow(database.db, { action: "bench.append", summary: { i } });
      appendMs.push(performance.now() - t);
    }
    const pageMs: number[] = [];
    let walked = 0;
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      const r = await verifyAuditTrail(database.db, { anchorDir });
      pageMs.push(performance.now() - t);
      if (!r.ok) throw new Error(`the page check failed: ${JSON.stringify(r.problem)}`);
      walked = r.walked;
    }
    const page = timingStats(pageMs);
    const append = timingStats(appendMs);
    console.log(`  page check (${walked} rows since the checkpoint): median ${page.medianMs} ms, p95 ${page.p95Ms} ms`);
    console.log(`  append at ${ROWS.toLocaleString("en")} rows: median ${append.medianMs} ms, p95 ${append.p95Ms} ms`);
    writeScaleResult("audit-chain", database, {
      rows: ROWS,
      machine: { cpus: os.cpus().length, node: process.version },
      seedSeconds: Math.round(seedSeconds * 10) / 10,
      fullWalk: { seconds: Math.round(fullSeconds * 10) / 10, rowsPerSecond: Math.round(ROWS / fullSeconds), batchSize: 5_000 },
      append,
      pageCheck: { ...page, rowsSinceCheckpoint: walked, budgetMs: BUDGET_MS, withinBudget: page.medianMs <= BUDGET_MS },
    });
  } finally {
    fs.rmSync(anchorDir, { recursive: true, force: true });
    await fresh.cleanup();
  }
}

await main();
