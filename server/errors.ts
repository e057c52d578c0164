// The one error type of the dashboard and its codes. Services, auth and the gateway layer throw it; the route layer
// (server/http/errors.ts) maps each code to an HTTP status and the one JSON error shape, in the reader's language:
// an AppError carries a key of the errors namespace (messages/<language>/errors.json) and its values, and its
// English text (userMessage, Error.message) for logs, audit summaries and tests. Safe for scripts to import.
import { createTranslator } from "next-intl";
import { isCurrencyCode, minorToDecimal, formatMoney, type Money } from "@/lib/money";
import { translateKeyed } from "@/lib/i18n/keyed-message";
import type errorsCatalog from "@/messages/en/errors.json";
import enErrors from "@/messages/en/errors.json";
import enValidation from "@/messages/en/validation.json";

/** Every code an AppError can carry. The HTTP status of each lives in server/http/errors.ts (ERROR_STATUS). */
export const ERROR_CODES = [
  "unauthenticated",
  /** The session has passed the password step only: the second factor comes next (server/auth/principal.ts). */
  "second_factor_required",
  /** The user must change a generated password before anything else works. */
  "password_change_required",
  /** A sensitive action needs a second factor presented in the last few minutes (server/auth/step-up.ts). */
  "step_up_required",
  /**
   * A large charge made without the customer present needs the amount confirmed: the answer carries `confirm`, which
   * the same request sends back in X-Confirm-Charge once the person confirmed (server/services/payments/charge-guard.ts).
   */
  "confirmation_required",
  "forbidden",
  "origin_rejected",
  "not_found",
  "invalid_request",
  "conflict",
  "in_flight",
  "unprocessable",
  "rate_limited",
  "gateway_error",
  "gateway_unavailable",
  "database_unavailable",
  "outcome_unknown",
  "internal",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

type Leaves<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A key of the errors namespace (a key missing from the English catalog fails tsc). */
export type ErrorKey = Leaves<typeof errorsCatalog>;

/** A value of an error message: text (ids, names, the gateway's own words), a count, an amount, or left-to-right text. */
export type ErrorValue = string | number | { money: { minor: number; currency: string } } | { ltr: string };
export type ErrorValues = Record<string, ErrorValue>;

/**
 * What an AppError says: a key of the errors namespace, a key with values, or a schema's message (a keyed text of
 * the validation namespace, lib/schemas/messages.ts) passed on as it is.
 */
export type ErrorMessage = ErrorKey | readonly [ErrorKey, ErrorValues] | { validation: string };

/** The part of a translator AppError texts need (server/i18n/translator.ts gives them per request). */
export interface ErrorTranslators {
  locale: string;
  errors: (key: string, values?: Record<string, string | number>) => string;
  validation: Parameters<typeof translateKeyed>[0];
}

function amountText(m: { minor: number; currency: string }, locale: string): string {
  if (!isCurrencyCode(m.currency)) return `${m.minor} ${m.currency}`;
  // English as the API always said it ("SAR 10.00"); other languages with the reader's digits and grouping.
  if (locale.startsWith("en")) return `${m.currency} ${minorToDecimal(m.minor, m.currency)}`;
  return formatMoney(m as Money, locale);
}

/** The message of an AppError in a language. */
export function errorText(message: ErrorMessage, tr: ErrorTranslators): string {
  if (typeof message === "object" && "validation" in message) return translateKeyed(tr.validation, message.validation);
  if (typeof message === "string") return tr.errors(message);
  const [key, values] = message as readonly [ErrorKey, ErrorValues];
  const plain: Record<string, string | number> = {};
  for (const [name, v] of Object.entries(values)) {
    if (typeof v !== "object") plain[name] = v;
    else if ("money" in v) plain[name] = amountText(v.money, tr.locale);
    // A left-to-right value (a masked card, an order id) kept whole inside a right-to-left sentence.
    else plain[name] = tr.locale.startsWith("ar") ? `\u2066${v.ltr}\u2069` : v.ltr;
  }
  return tr.errors(key, plain);
}

let english: ErrorTranslators | undefined;
/** English, for logs, audit summaries and Error.message. */
export function englishErrorTranslators(): ErrorTranslators {
  english ??= {
    locale: "en-GB",
    errors: createTranslator({ locale: "en-GB", messages: { errors: enErrors }, namespace: "errors" }) as ErrorTranslators["errors"],
    validation: createTranslator({ locale: "en-GB", messages: { validation: enValidation }, namespace: "validation" }) as never,
  };
  return english;
}

export class AppError extends Error {
  override name = "AppError";
  /** The English text: logs, audit summaries. The API answers in the reader's language (server/http/errors.ts). */
  readonly userMessage: string;
  /** The field errors in English (logs, tests); the API answers with `fieldKeys` in the reader's language. */
  readonly fields?: Record<string, string[]>;
  constructor(
    readonly code: ErrorCode,
    /** Safe to show to the user: a key of the errors namespace (with values). */
    readonly messageKey: ErrorMessage,
    /** Field errors: keyed texts of the validation namespace (lib/schemas/messages.ts), or plain words. */
    readonly fieldKeys?: Record<string, string[]>,
    /** What a confirmation_required answer asks the client to send back (X-Confirm-Charge). */
    readonly confirm?: string,
  ) {
    const english = englishErrorTranslators();
    const text = errorText(messageKey, english);
    super(text);
    this.userMessage = text;
    if (fieldKeys)
      this.fields = Object.fromEntries(
        Object.entries(fieldKeys).map(([field, list]) => [field, list.map((m) => translateKeyed(english.validation, m))]),
      );
  }
}
