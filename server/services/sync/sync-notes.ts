// What a sync tells people, as catalog keys so that each reader gets it in their language (#15): the problems are
// keys of the errors namespace (an AppError carries them to the API's answer), the outcome a sentence of
// payment.sync.notes. The English text of both (logs, a notification's stored result) comes from the same catalogs.
import "server-only";
import { formatLocaleOf } from "@/lib/i18n/languages";
import { englishErrorTranslators, errorText, type ErrorMessage, type ErrorTranslators } from "../../errors";
import { translatorFor } from "../../i18n/translator";

/** Why a sync could not compare the ledger with the gateway. */
export type SyncProblem =
  | { key: "sync.notInLedger" | "sync.noGatewayId" | "sync.gatewayUnavailable" | "sync.idsNotGateways" | "sync.noAmount" }
  | { key: "sync.linkSettledElsewhere" }
  | { key: "sync.unknownToGateway" | "sync.otherPayment" }
  | { key: "sync.statusRefused"; reason: string };

/** What a sync that reached the gateway did. */
export interface SyncSummary {
  created: boolean;
  changed: boolean;
  /** Pending outcomes (captures, refunds, voids) settled by this sync. */
  settled: number;
  /** The gateway reported an earlier state, which the ledger ignored. */
  backward: boolean;
  /** A payment link's new attempt now followed. */
  newLinkAttempt: boolean;
}

export function problemMessage(p: SyncProblem): ErrorMessage {
  return "reason" in p ? [p.key, { reason: p.reason }] : p.key;
}

/** The problem in English (logs, a notification's stored result), or in a reader's language. */
export function problemText(p: SyncProblem, prefs?: Prefs): string {
  if (!prefs) return errorText(problemMessage(p), englishErrorTranslators());
  const errors = translatorFor(prefs, "errors") as unknown as ErrorTranslators["errors"];
  return errorText(problemMessage(p), { locale: formatLocaleOf(prefs), errors, validation: translatorFor(prefs, "validation") as never });
}

type Prefs = { language: "en" | "ar"; digits: "latn" | "arab" };
const ENGLISH: Prefs = { language: "en", digits: "latn" };

/** The outcome in a reader's language (English by default), one sentence per fact. */
export function summaryText(s: SyncSummary, prefs: Prefs = ENGLISH): string {
  const t = translatorFor(prefs, "payment.sync.notes");
  if (s.newLinkAttempt) return t("newLinkAttempt");
  if (s.created) return t("created");
  const parts = [s.changed ? t("updated") : t("agrees")];
  if (s.settled) parts.push(t("settled", { count: s.settled }));
  if (s.backward) parts.push(t("backward"));
  return parts.join(" ");
}
