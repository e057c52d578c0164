// Signed statements about the audit chain's head: "N rows, the last one #id, its MAC m", signed with the chain key.
// A checkpoint is such a statement kept in the database (where the incremental check starts); an anchor is one
// published where the database role cannot reach: appended to a file (AUDIT_ANCHOR_DIR, one JSON line each) and
// written to the JSON log. Whoever rewrites or deletes rows, and even the checkpoints with them, still cannot
// change what the anchors already said: truncation and rewrites are found by comparing the chain with them.
// No `import "server-only"`: the benchmark and scripts use it.
import { createHmac, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { canonicalJson } from "./chain";
import type { ChainKey, ChainKeyring } from "./chain-keys";

export const ANCHOR_FILE = "audit-anchors.jsonl";

export interface ChainHead {
  /** Rows in the chain up to and including lastId. */
  count: number;
  lastId: number;
  lastMac: string;
}

export interface Anchor extends ChainHead {
  v: 1;
  at: string;
  keyId: string;
  sig: string;
}

export interface CheckpointFields {
  at: Date;
  throughId: number;
  mac: string;
  rowCount: number;
  full: boolean;
  keyId: string;
}

function sign(key: ChainKey, kind: "anchor" | "checkpoint", body: Record<string, unknown>): string {
  return createHmac("sha256", key.sigKey).update(`${kind}\n`).update(canonicalJson(body)).digest("hex");
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

export function signAnchor(key: ChainKey, head: ChainHead, at: Date): Anchor {
  const body = { v: 1 as const, at: at.toISOString(), count: head.count, lastId: head.lastId, lastMac: head.lastMac, keyId: key.id };
  return { ...body, sig: sign(key, "anchor", body) };
}

/** "valid", "unknown_key" (signed with a key this process does not hold) or "forged". */
export function checkAnchor(ring: ChainKeyring, a: Anchor): "valid" | "unknown_key" | "forged" {
  const key = ring.byId.get(a.keyId);
  if (!key) return "unknown_key";
  const body = { v: a.v, at: a.at, count: a.count, lastId: a.lastId, lastMac: a.lastMac, keyId: a.keyId };
  return sameHex(sign(key, "anchor", body), a.sig) ? "valid" : "forged";
}

export function checkpointSignature(key: ChainKey, c: CheckpointFields): string {
  return sign(key, "checkpoint", { ...c, at: c.at.toISOString() });
}

export function checkCheckpoint(ring: ChainKeyring, c: CheckpointFields & { sig: string }): "valid" | "unknown_key" | "forged" {
  const key = ring.byId.get(c.keyId);
  if (!key) return "unknown_key";
  const fields: CheckpointFields = { at: c.at, throughId: c.throughId, mac: c.mac, rowCount: c.rowCount, full: c.full, keyId: c.keyId };
  return sameHex(checkpointSignature(key, fields), c.sig) ? "valid" : "forged";
}

/** Appends one anchor line (O_APPEND: a line is never rewritten; the directory is the dashboard's alone, 0700). */
export function appendAnchor(dir: string, anchor: Anchor): string {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, ANCHOR_FILE);
  fs.appendFileSync(file, `${JSON.stringify(anchor)}\n`, { mode: 0o600, flag: "a" });
  return file;
}

function parseAnchor(line: string): Anchor | "unreadable" {
  try {
    const a = JSON.parse(line) as Partial<Anchor>;
    if (
      a.v === 1 &&
      typeof a.at === "string" &&
      Number.isSafeInteger(a.count) &&
      Number.isSafeInteger(a.lastId) &&
      typeof a.lastMac === "string" &&
      typeof a.keyId === "string" &&
      typeof a.sig === "string"
    )
      return a as Anchor;
  } catch {
    // not JSON
  }
  return "unreadable";
}

export interface AnchorFile {
  anchors: Anchor[];
  /** Lines that are not an anchor (a file edited by hand, or a write cut off by a crash: only the last line can be). */
  unreadable: number;
}

/** Every anchor of the directory's file, oldest first; none when the file does not exist yet. */
export function readAnchors(dir: string): AnchorFile {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dir, ANCHOR_FILE), "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { anchors: [], unreadable: 0 };
    throw e;
  }
  return parseLines(text.split("\n"), true);
}

/** The newest anchors only (the file's last 64 KiB), for the audit page: it stays fast however long the file. */
export function readRecentAnchors(dir: string, bytes = 65_536): AnchorFile {
  let fd: number;
  try {
    fd = fs.openSync(path.join(dir, ANCHOR_FILE), "r");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { anchors: [], unreadable: 0 };
    throw e;
  }
  try {
    const size = fs.fstatSync(fd).size;
    const from = Math.max(0, size - bytes);
    const buf = Buffer.alloc(size - from);
    fs.readSync(fd, buf, 0, buf.length, from);
    const lines = buf.toString("utf8").split("\n");
    if (from > 0) lines.shift(); // starts mid-line
    return parseLines(lines, true);
  } finally {
    fs.closeSync(fd);
  }
}

function parseLines(lines: string[], lastMayBeCut: boolean): AnchorFile {
  const anchors: Anchor[] = [];
  let unreadable = 0;
  const nonEmpty = lines.filter((l) => l.trim() !== "");
  nonEmpty.forEach((line, i) => {
    const a = parseAnchor(line);
    if (a !== "unreadable") anchors.push(a);
    // A crash can cut off only the line being written, the last one: that is not tampering.
    else if (!(lastMayBeCut && i === nonEmpty.length - 1)) unreadable++;
  });
  return { anchors, unreadable };
}
