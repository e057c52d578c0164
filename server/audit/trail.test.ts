// Threats guarded (PCI DSS 4.0.1 10.3.2 audit logs protected from modification, 10.3.4 change detection): someone
// who can write the database (the app's role owns audit_log and can disable its triggers) rewrites a row and
// re-chains the rest with plain SHA-256, or under a key of their own; deletes the newest rows, with the checkpoints
// that named them; forges a checkpoint; edits the anchor file. Each is found. Also: rows from before the keyed chain
// still verify, a rotated key verifies its rows while it is listed as a previous key, the incremental check walks
// only what was appended since the newest checkpoint, and the anchoring pass never checkpoints a broken trail.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDatabaseTargets, type TestDatabase } from "../../tests/support/db.support";
import { clearAuditLog, pastTheTriggers, seedAudit } from "../../tests/support/audit-fixtures.support";
import { auditCheckpoints, auditLog, type AuditRow } from "../db/schema";
import { anchorAuditTrail } from "./anchor-pass";
import { ANCHOR_FILE, readAnchors } from "./anchors";
import { verifyAuditChain } from "./audit-log";
import { auditHash, auditMac, GENESIS_HASH } from "./chain";
import { chainKeyring, setActiveChainKeyring } from "./chain-keys";
import { verifyAuditTrail } from "./trail";

const KEY_A = "audit-chain-test-key-A-0123456789abcdef";
const KEY_B = "audit-chain-test-key-B-0123456789abcdef";
const ATTACKER = "audit-chain-attackers-own-key-0123456789";

describe.each(testDatabaseTargets())("audit trail on $name", (target) => {
  let database: TestDatabase;
  let anchorDir: string;
  const lines: { event: string; fields?: Record<string, unknown> }[] = [];
  const log = {
    info: (event: string, fields?: Record<string, unknown>) => lines.push({ event, fields }),
    error: (event: string, fields?: Record<string, unknown>) => lines.push({ event, fields }),
  };
  let clock = new Date("2026-12-01T08:00:00Z");
  const pass = () => anchorAuditTrail({ db: database.db, now: () => clock, log }, { anchorDir });
  const trail = (full = false) => verifyAuditTrail(database.db, { anchorDir, full });
  const seed = (n: number, from = 0) =>
    seedAudit(
      database.db,
      Array.from({ length: n }, (_, i) => ({ action: "trail.test", actorEmail: "a@example.com", summary: { i: from + i } })),
    );
  const rows = () => database.db.select().from(auditLog).orderBy(asc(auditLog.id));

  /** The attacker's re-chain: every row from `fromId` on gets a new hash, row `fromId` a new actor. */
  async function rechain(fromId: number, mac: (prev: string, row: AuditRow) => { hash: string; keyId: string | null }) {
    const all = await rows();
    const statements = [];
    let prev = GENESIS_HASH;
    for (const row of all) {
      if (row.id < fromId) {
        prev = row.hash;
        continue;
      }
      const changed = row.id === fromId ? { ...row, actorEmail: "someone-else@example.com" } : row;
      const { hash, keyId } = mac(prev, changed);
      statements.push(
        sql`update audit_log set actor_email = ${changed.actorEmail}, prev_hash = ${prev}, hash = ${hash}, key_id = ${keyId} where id = ${row.id}`,
      );
      prev = hash;
    }
    await pastTheTriggers(database.db, statements);
  }
  const plainSha = (prev: string, row: AuditRow) => ({ hash: auditHash(prev, row), keyId: null });

  beforeAll(async () => {
    database = await target.open();
  });
  beforeEach(async () => {
    setActiveChainKeyring(chainKeyring(KEY_A));
    await clearAuditLog(database.db);
    anchorDir = fs.mkdtempSync(path.join(os.tmpdir(), "audit-anchors-"));
    lines.length = 0;
    clock = new Date("2026-12-01T08:00:00Z");
  });
  afterEach(() => {
    fs.rmSync(anchorDir, { recursive: true, force: true });
  });
  afterAll(async () => {
    setActiveChainKeyring(null);
    await database?.dispose();
  });

  it("an untouched trail verifies: keyed rows, a checkpoint and an anchor, the page walking only what came after", async () => {
    const seeded = await seed(5);
    expect(seeded.every((r) => r.keyId === chainKeyring(KEY_A).current.id)).toBe(true);
    const first = await pass();
    expect(first).toMatchObject({ full: true, checkpointed: true, report: { ok: true, rows: 5, walked: 5 } });
    expect(first.anchor).toMatchObject({ count: 5, lastId: seeded[4]!.id });
    expect(readAnchors(anchorDir).anchors).toHaveLength(1);
    expect(lines.find((l) => l.event === "audit.anchor")?.fields).toMatchObject({ count: 5, lastId: seeded[4]!.id });

    await seed(3, 5);
    const page = await trail();
    expect(page).toMatchObject({ ok: true, rows: 8, walked: 3, from: { kind: "checkpoint", throughId: seeded[4]!.id } });
    expect(page.anchor).toMatchObject({ lastId: seeded[4]!.id, count: 5 });
    expect(page.lastFullAt).toEqual(clock);
  });

  it("a pass with nothing new publishes no new anchor; a day later it walks the whole chain again", async () => {
    await seed(2);
    await pass();
    clock = new Date(clock.getTime() + 15 * 60_000);
    const quiet = await pass();
    expect(quiet).toMatchObject({ full: false, checkpointed: false, anchor: null, report: { ok: true, walked: 0 } });
    clock = new Date(clock.getTime() + 86_400_000);
    const daily = await pass();
    expect(daily).toMatchObject({ full: true, checkpointed: true, anchor: null, report: { ok: true, rows: 2 } });
    expect(readAnchors(anchorDir).anchors).toHaveLength(1);
  });

  it("a row rewritten and re-chained with plain SHA-256 after keyed rows is found at that row", async () => {
    const seeded = await seed(5);
    await rechain(seeded[2]!.id, plainSha);
    expect(await verifyAuditChain(database.db)).toEqual({ ok: false, checked: 2, brokenAt: seeded[2]!.id, reason: "unkeyed_after_keyed" });
    expect((await trail(true)).problem).toEqual({ reason: "unkeyed_after_keyed", at: seeded[2]!.id });
  });

  it("a row rewritten and re-chained with plain SHA-256 keeping the key id is a hash mismatch", async () => {
    const seeded = await seed(5);
    await rechain(seeded[2]!.id, (prev, row) => ({ hash: auditHash(prev, row), keyId: row.keyId }));
    expect(await verifyAuditChain(database.db)).toMatchObject({ ok: false, brokenAt: seeded[2]!.id, reason: "hash_mismatch" });
  });

  it("the whole chain re-made as plain SHA-256 is found by the checkpoint, and with the checkpoints deleted by the anchor", async () => {
    const seeded = await seed(4);
    await pass();
    await rechain(seeded[0]!.id, plainSha);
    // The chain alone now looks like a log from before the keyed chain: the signed checkpoint and the anchor disagree.
    expect(await verifyAuditChain(database.db)).toMatchObject({ ok: true });
    expect((await trail()).problem).toEqual({ reason: "checkpoint_mismatch", at: seeded[3]!.id });
    await pastTheTriggers(database.db, [sql`delete from audit_checkpoints`]);
    expect((await trail()).problem).toEqual({ reason: "anchor_mismatch", at: seeded[3]!.id });
    expect((await trail(true)).problem).toEqual({ reason: "anchor_mismatch", at: seeded[3]!.id });
  });

  it("a row re-chained under the attacker's own key is found: the key is not one this instance holds", async () => {
    const seeded = await seed(3);
    const theirs = chainKeyring(ATTACKER).current;
    await rechain(seeded[1]!.id, (prev, row) => ({ hash: auditMac(theirs.macKey, theirs.id, prev, row), keyId: theirs.id }));
    expect(await verifyAuditChain(database.db)).toMatchObject({ ok: false, brokenAt: seeded[1]!.id, reason: "unknown_key" });
  });

  it("the newest rows deleted are found by the anchor, even with the checkpoints that named them deleted too", async () => {
    const seeded = await seed(6);
    await pass();
    await pastTheTriggers(database.db, [sql`delete from audit_log where id >= ${seeded[4]!.id}`, sql`delete from audit_checkpoints`]);
    // The chain that is left is intact: only the anchor knows it was longer.
    expect(await verifyAuditChain(database.db)).toEqual({ ok: true, checked: 4 });
    expect((await trail()).problem).toEqual({ reason: "truncated", at: seeded[5]!.id });
    expect((await trail(true)).problem).toEqual({ reason: "truncated", at: seeded[5]!.id });
    // A broken trail is never blessed by a checkpoint or an anchor, and the pass raises the alarm.
    const broken = await pass();
    expect(broken).toMatchObject({ checkpointed: false, anchor: null, report: { ok: false } });
    expect(lines.some((l) => l.event === "audit.chain_broken" && l.fields?.reason === "truncated")).toBe(true);
    expect(await database.db.select().from(auditCheckpoints)).toHaveLength(0);
  });

  it("a checkpoint written without the key is reported as forged", async () => {
    const seeded = await seed(3);
    await pass();
    await database.db.insert(auditCheckpoints).values({
      at: clock,
      throughId: seeded[2]!.id,
      mac: seeded[2]!.hash,
      rowCount: 3,
      full: false,
      keyId: chainKeyring(KEY_A).current.id,
      sig: "00".repeat(32),
    });
    expect((await trail()).problem).toEqual({ reason: "checkpoint_forged", at: seeded[2]!.id });
  });

  it("an anchor line edited in the file is reported as forged", async () => {
    await seed(3);
    await pass();
    const file = path.join(anchorDir, ANCHOR_FILE);
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace(/"count":3/, '"count":2'));
    expect((await trail()).problem?.reason).toBe("anchor_forged");
  });

  it("rows from before the keyed chain (plain SHA-256) verify when they come first", async () => {
    let prev = GENESIS_HASH;
    for (let i = 0; i < 3; i++) {
      const content = {
        at: new Date(),
        actorId: null,
        actorEmail: null,
        action: "legacy",
        targetType: null,
        targetId: null,
        ip: null,
        summary: { i },
      };
      const hash = auditHash(prev, content);
      await database.db.insert(auditLog).values({ ...content, prevHash: prev, hash, keyId: null });
      prev = hash;
    }
    await seed(2);
    expect(await verifyAuditChain(database.db)).toEqual({ ok: true, checked: 5 });
    expect(await pass()).toMatchObject({ report: { ok: true, rows: 5 } });
  });

  it("after a key rotation the old rows verify while the old key is a previous key, and not once it is dropped", async () => {
    await seed(2);
    setActiveChainKeyring(chainKeyring(KEY_B, [KEY_A]));
    const after = await seed(2, 2);
    expect(after[0]!.keyId).toBe(chainKeyring(KEY_B).current.id);
    expect(await verifyAuditChain(database.db)).toEqual({ ok: true, checked: 4 });
    setActiveChainKeyring(chainKeyring(KEY_B));
    const first = (await rows())[0]!;
    expect(await verifyAuditChain(database.db)).toEqual({ ok: false, checked: 0, brokenAt: first.id, reason: "unknown_key" });
  });
});
