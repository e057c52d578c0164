// The audit log's hash chain: each row's hash is SHA-256 over the previous row's hash and a canonical form of
// this row's content. Pure, so that writing and verifying compute exactly the same thing.
import { createHash } from "node:crypto";

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

export function auditHash(prevHash: string, c: AuditContent): string {
  const content = canonicalJson({
    at: c.at.toISOString(),
    actorId: c.actorId,
    actorEmail: c.actorEmail,
    action: c.action,
    targetType: c.targetType,
    targetId: c.targetId,
    ip: c.ip,
    summary: c.summary,
  });
  return createHash("sha256").update(prevHash).update("\n").update(content).digest("hex");
}
