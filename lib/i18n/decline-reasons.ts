// The gateway's decline reasons (free English text in its answers and notifications) in the reader's language:
// the ones the dashboard knows by their words become a catalog entry (vocab.declineReason.*); any other is shown as
// the gateway's own text inside a translated sentence, so an Arabic page never shows bare English without saying
// whose words they are. Browser-safe and pure; the catalog holds the words.

/** Known reasons, matched on the text lower-cased with its spacing and final full stop normalised. */
const KNOWN: Record<string, DeclineReasonKey> = {
  "transaction declined by issuer": "issuer",
  "declined by issuer": "issuer",
  "do not honor": "issuer",
  "insufficient funds": "insufficientFunds",
  "card not enrolled in the sandbox": "notEnrolled",
  "invalid expiry date for test card": "badExpiry",
  "3-d secure authentication failed": "authFailed",
  "capture declined by issuer": "captureIssuer",
  "capture amount exceeds the outstanding authorized amount": "captureOver",
};

export type DeclineReasonKey =
  "issuer" | "insufficientFunds" | "notEnrolled" | "badExpiry" | "authFailed" | "captureIssuer" | "captureOver";

export function declineReasonKey(reason: string): DeclineReasonKey | null {
  const normal = reason.trim().toLowerCase().replace(/\s+/g, " ").replace(/\.$/, "");
  return KNOWN[normal] ?? null;
}

/** A translator of the `vocab` namespace, as far as this needs it. */
export type DeclineWords = (key: `declineReason.${DeclineReasonKey}` | "declineReason.other", values?: { reason: string }) => string;

/** The reason in the reader's words: a known one translated, any other quoted as the gateway's. */
export function declineReasonText(t: DeclineWords, reason: string): string {
  const key = declineReasonKey(reason);
  return key ? t(`declineReason.${key}`) : t("declineReason.other", { reason: reason.trim() });
}
