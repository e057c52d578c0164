// The audit chain's keys. Each row's MAC is an HMAC under a key derived from AUDIT_CHAIN_KEY, and the row names the
// key by a fingerprint (keyId), so the key can be rotated: new rows use the current key, and the previous keys
// (AUDIT_CHAIN_PREVIOUS_KEYS) still verify the rows they made. The key is never written to the database: a role
// that can rewrite audit_log still cannot compute a MAC that verifies.
//
// Two keys are derived from the one secret, for two jobs: one MACs rows, the other signs checkpoints and anchors,
// so that a value valid as one can never be passed off as the other.
//
// No `import "server-only"`: the backup and restore scripts verify the chain too. The configuration is read with
// readConfig (pure) rather than env(), which is server-only.
import { createHash, createHmac } from "node:crypto";
import { readConfig } from "../config";
import { registerSecretValues } from "../log/logger";
import { readOrCreateSecret } from "../secret-files";

export interface ChainKey {
  /** Fingerprint of the secret (16 hex digits): stored in each row, says nothing about the key itself. */
  id: string;
  /** HMAC-SHA-256 key of the rows' MACs. */
  macKey: Buffer;
  /** HMAC-SHA-256 key of the checkpoints' and anchors' signatures. */
  sigKey: Buffer;
}

export interface ChainKeyring {
  current: ChainKey;
  /** Every key this process can verify with (the current one included), by id. */
  byId: ReadonlyMap<string, ChainKey>;
}

export function deriveChainKey(secret: string): ChainKey {
  return {
    id: createHash("sha256").update("audit-chain-key-id\n").update(secret).digest("hex").slice(0, 16),
    macKey: createHmac("sha256", secret).update("audit-chain row mac v1").digest(),
    sigKey: createHmac("sha256", secret).update("audit-chain anchor signature v1").digest(),
  };
}

export function chainKeyring(current: string, previous: readonly string[] = []): ChainKeyring {
  const key = deriveChainKey(current);
  const byId = new Map<string, ChainKey>();
  for (const old of previous) {
    const k = deriveChainKey(old);
    byId.set(k.id, k);
  }
  byId.set(key.id, key);
  return { current: key, byId };
}

let active: ChainKeyring | null = null;

/**
 * The process's keyring: AUDIT_CHAIN_KEY, or when unset the key generated on first start into
 * DATA_DIR/audit-chain-key (mode 0600; several instances on one database must share a configured key, or each
 * could verify only its own rows).
 */
export function activeChainKeyring(): ChainKeyring {
  if (!active) {
    const config = readConfig(process.env);
    const secret = config.auditChain.key ?? readOrCreateSecret(config.dataDir, "audit-chain-key");
    registerSecretValues([secret, ...config.auditChain.previousKeys]);
    active = chainKeyring(secret, config.auditChain.previousKeys);
  }
  return active;
}

/** Replace the process's keyring (tests and scripts that verify with a key of their choosing); null reads it again. */
export function setActiveChainKeyring(ring: ChainKeyring | null): void {
  active = ring;
}
