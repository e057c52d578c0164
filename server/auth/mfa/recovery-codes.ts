// Recovery codes: 10 single-use codes of 80 random bits each (16 Base32 characters shown as four groups), stored as
// SHA-256 only (a slow hash adds nothing at this entropy). Pure: generating, normalising and hashing.
import { createHash, randomBytes } from "node:crypto";

export const RECOVERY_CODE_COUNT = 10;
/** Below this many unused codes the user is urged to make new ones. */
export const RECOVERY_CODES_LOW = 3;
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // 32 symbols, no 0/O or 1/I

export function newRecoveryCode(): string {
  const bytes = randomBytes(16);
  let out = "";
  for (let i = 0; i < 16; i++) out += ALPHABET[bytes[i]! & 31];
  return out.match(/.{4}/g)!.join("-");
}

/** Upper-cased, without spaces and dashes; null when it cannot be a recovery code. */
export function normaliseRecoveryCode(code: string): string | null {
  const c = code.toUpperCase().replace(/[\s-]+/g, "");
  return c.length === 16 && [...c].every((ch) => ALPHABET.includes(ch)) ? c : null;
}

export function hashRecoveryCode(normalised: string): string {
  return createHash("sha256").update(`recovery-code:${normalised}`).digest("hex");
}

export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  return { codes, hashes: codes.map((c) => hashRecoveryCode(normaliseRecoveryCode(c)!)) };
}
