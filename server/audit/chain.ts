// The audit log's chain: each row's MAC is HMAC-SHA-256, under the chain key the row names, over the previous
// row's MAC and a canonical form of this row's content (key id included). Rows written before the keyed chain
// carry a plain SHA-256 of the same input (auditHash) and no key id; they can only come first. Pure, so that
// writing and verifying compute exactly the same thing.
import { createHash, createHmac } from "node:crypto";

export const GENESIS_HASH = "0".repeat(64);

export interface AuditContent {
  at: Date;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  summary: unknown;
}

/** JSON with object keys sorted at every depth (jsonb does not keep key order, so the hash must not depend on it). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

function canonicalContent(c: AuditContent): string {
  return canonicalJson({
    at: c.at.toISOString(),
    actorId: c.actorId,
    actorEmail: c.actorEmail,
    action: c.action,
    targetType: c.targetType,
    targetId: c.targetId,
    ip: c.ip,
    summary: c.summary,
  });
}

/** The unkeyed chain of the rows written before AUDIT_CHAIN_KEY existed: anyone can recompute it, so it proves little. */
export function auditHash(prevHash: string, c: AuditContent): string {
  return createHash("sha256").update(prevHash).update("\n").update(canonicalContent(c)).digest("hex");
}

/** A keyed row's MAC: only a holder of the chain key can compute it, so a rewritten row cannot be re-chained. */
export function auditMac(macKey: Buffer, keyId: string, prevHash: string, c: AuditContent): string {
  return createHmac("sha256", macKey)
    .update(`hmac-sha256:${keyId}\n`)
    .update(prevHash)
    .update("\n")
    .update(canonicalContent(c))
    .digest("hex");
}
