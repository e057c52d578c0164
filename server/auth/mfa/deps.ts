// The second-factor services' dependencies bound to the process's database and auth secret (route handlers, pages).
import "server-only";
import { getDatabase } from "../../db";
import { env } from "../../env";
import { authSecret } from "../secret";
import type { MfaDeps } from "./session-factor";

export async function mfaDeps(): Promise<MfaDeps> {
  const { db } = await getDatabase();
  return { db, authSecret: authSecret() };
}

/** The name authenticator apps and passkey prompts show for this dashboard. */
export function mfaIssuer(): string {
  return env().webauthn.rpName;
}

/** The WebAuthn relying party: APP_URL's host name and origin. */
export function mfaRelyingParty(): { rpId: string; origin: string; rpName: string } {
  return env().webauthn;
}
