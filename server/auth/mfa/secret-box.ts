// TOTP secrets at rest: AES-256-GCM under a key derived by HKDF-SHA256 from the auth secret (server/auth/secret.ts),
// so a copy of the database alone does not give anyone the authenticator seeds. Pure: the caller passes the secret.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const INFO = "merchant-dashboard/mfa-totp-secret/v1";
const PREFIX = "v1.";

function keyFrom(authSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", Buffer.from(authSecret, "utf8"), Buffer.alloc(0), INFO, 32));
}

/** `v1.<base64url(iv ‖ tag ‖ ciphertext)>`; the user id is bound as associated data (a row copied to another user fails). */
export function sealSecret(authSecret: string, userId: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFrom(authSecret), iv);
  cipher.setAAD(Buffer.from(userId, "utf8"));
  const ct = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), ct]).toString("base64url");
}

/** The plaintext, or null when the box was not sealed for this user with this key (or was altered). */
export function openSecret(authSecret: string, userId: string, sealed: string): string | null {
  if (!sealed.startsWith(PREFIX)) return null;
  const raw = Buffer.from(sealed.slice(PREFIX.length), "base64url");
  if (raw.length < 29) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFrom(authSecret), raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(userId, "utf8"));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
