// RFC 6238 TOTP through otplib 13 (SHA-1, 6 digits, 30 s: what every authenticator app reads from the QR code).
// otplib compares codes in constant time; `afterTimeStep` refuses the step of the last accepted code and any earlier
// one, so a code is accepted at most once. Pure: the caller keeps the secret and the last used step.
import { generateSecret, generateURI, verify } from "otplib";

/** One step of clock drift each way (±30 s). */
const EPOCH_TOLERANCE_S = 30;

export function newTotpSecret(): string {
  return generateSecret(); // 20 random bytes, Base32
}

export function totpUri(p: { issuer: string; label: string; secret: string }): string {
  return generateURI({ issuer: p.issuer, label: p.label, secret: p.secret });
}

/** Six digits, spaces allowed ("123 456"): the normalised code, or null. */
export function normaliseTotpCode(code: string): string | null {
  const digits = code.replace(/\s+/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** The accepted code's time step, or null (wrong, malformed, or of a step already used). */
export async function checkTotp(p: { secret: string; code: string; lastUsedStep: number | null; now: Date }): Promise<number | null> {
  const token = normaliseTotpCode(p.code);
  if (!token) return null;
  const epoch = Math.floor(p.now.getTime() / 1000);
  // otplib refuses an afterTimeStep beyond the window: a stored step from the future (clock moved back) refuses all.
  const maxStep = Math.floor((epoch + EPOCH_TOLERANCE_S) / 30);
  if (p.lastUsedStep !== null && p.lastUsedStep >= maxStep) return null;
  const result = await verify({
    secret: p.secret,
    token,
    epoch,
    epochTolerance: EPOCH_TOLERANCE_S,
    ...(p.lastUsedStep !== null ? { afterTimeStep: p.lastUsedStep } : {}),
  });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}
