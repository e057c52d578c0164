// The message catalogs: one JSON file per namespace and language (messages/<language>/<namespace>.json). English
// is the reference: its shape types every t() call (global.d.ts); tests/i18n/catalogs.test.ts holds Arabic to the
// same keys and placeholders. Server code loads them here; the browser receives only the namespaces a page names
// (components/i18n/client-messages.tsx), never a whole catalog.
import type { Language } from "@/lib/i18n/languages";
import en_common from "./en/common.json";
import en_vocab from "./en/vocab.json";
import en_ui from "./en/ui.json";
import en_shell from "./en/shell.json";
import en_status from "./en/status.json";
import en_auth from "./en/auth.json";
import en_account from "./en/account.json";
import en_transactions from "./en/transactions.json";
import en_payment from "./en/payment.json";
import en_moneyActions from "./en/moneyActions.json";
import en_newPayment from "./en/newPayment.json";
import en_links from "./en/links.json";
import en_captures from "./en/captures.json";
import en_refunds from "./en/refunds.json";
import en_savedCards from "./en/savedCards.json";
import en_customers from "./en/customers.json";
import en_recurring from "./en/recurring.json";
import en_checkout from "./en/checkout.json";
import en_users from "./en/users.json";
import en_roles from "./en/roles.json";
import en_branches from "./en/branches.json";
import en_partners from "./en/partners.json";
import en_audit from "./en/audit.json";
import en_overview from "./en/overview.json";
import en_reports from "./en/reports.json";
import en_mail from "./en/mail.json";
import en_exports from "./en/exports.json";
import en_validation from "./en/validation.json";
import en_errors from "./en/errors.json";
import ar_common from "./ar/common.json";
import ar_vocab from "./ar/vocab.json";
import ar_ui from "./ar/ui.json";
import ar_shell from "./ar/shell.json";
import ar_status from "./ar/status.json";
import ar_auth from "./ar/auth.json";
import ar_account from "./ar/account.json";
import ar_transactions from "./ar/transactions.json";
import ar_payment from "./ar/payment.json";
import ar_moneyActions from "./ar/moneyActions.json";
import ar_newPayment from "./ar/newPayment.json";
import ar_links from "./ar/links.json";
import ar_captures from "./ar/captures.json";
import ar_refunds from "./ar/refunds.json";
import ar_savedCards from "./ar/savedCards.json";
import ar_customers from "./ar/customers.json";
import ar_recurring from "./ar/recurring.json";
import ar_checkout from "./ar/checkout.json";
import ar_users from "./ar/users.json";
import ar_roles from "./ar/roles.json";
import ar_branches from "./ar/branches.json";
import ar_partners from "./ar/partners.json";
import ar_audit from "./ar/audit.json";
import ar_overview from "./ar/overview.json";
import ar_reports from "./ar/reports.json";
import ar_mail from "./ar/mail.json";
import ar_exports from "./ar/exports.json";
import ar_validation from "./ar/validation.json";
import ar_errors from "./ar/errors.json";

export const catalogs = {
  en: {
    common: en_common,
    vocab: en_vocab,
    ui: en_ui,
    shell: en_shell,
    status: en_status,
    auth: en_auth,
    account: en_account,
    transactions: en_transactions,
    payment: en_payment,
    moneyActions: en_moneyActions,
    newPayment: en_newPayment,
    links: en_links,
    captures: en_captures,
    refunds: en_refunds,
    savedCards: en_savedCards,
    customers: en_customers,
    recurring: en_recurring,
    checkout: en_checkout,
    users: en_users,
    roles: en_roles,
    branches: en_branches,
    partners: en_partners,
    audit: en_audit,
    overview: en_overview,
    reports: en_reports,
    mail: en_mail,
    exports: en_exports,
    validation: en_validation,
    errors: en_errors,
  },
  ar: {
    common: ar_common,
    vocab: ar_vocab,
    ui: ar_ui,
    shell: ar_shell,
    status: ar_status,
    auth: ar_auth,
    account: ar_account,
    transactions: ar_transactions,
    payment: ar_payment,
    moneyActions: ar_moneyActions,
    newPayment: ar_newPayment,
    links: ar_links,
    captures: ar_captures,
    refunds: ar_refunds,
    savedCards: ar_savedCards,
    customers: ar_customers,
    recurring: ar_recurring,
    checkout: ar_checkout,
    users: ar_users,
    roles: ar_roles,
    branches: ar_branches,
    partners: ar_partners,
    audit: ar_audit,
    overview: ar_overview,
    reports: ar_reports,
    mail: ar_mail,
    exports: ar_exports,
    validation: ar_validation,
    errors: ar_errors,
  },
} satisfies Record<Language, Record<string, unknown>>;

export type Messages = (typeof catalogs)["en"];
export type Namespace = keyof Messages;
export const NAMESPACES = Object.keys(catalogs.en) as Namespace[];

/** A namespace, or one branch of it ("errors.client"): what a page may send to its client components. */
export type ClientPart = Namespace | `${Namespace}.${string}`;

/**
 * What every page's client components may use: shared words, the payment vocabulary (statuses, types, brands), the
 * shell, form validation, and of the API errors only those the browser makes itself (errors.client: the server
 * answers every other error already in the reader's language).
 */
export const BASE_CLIENT_NAMESPACES = [
  "common",
  "vocab",
  "ui",
  "shell",
  "validation",
  "errors.client",
] as const satisfies readonly ClientPart[];

/** The language's catalog (Arabic is typed against English; a missing key fails the catalogs test). */
export function catalogOf(language: Language): Messages {
  return catalogs[language] as Messages;
}

type Tree = { [key: string]: unknown };

/** Only the named namespaces (or branches of them) of a catalog: what one page sends to the browser. */
export function pickNamespaces(messages: Messages, parts: readonly ClientPart[]): Partial<Messages> {
  const picked: Tree = {};
  const whole = new Set(parts.filter((p) => !p.includes(".")));
  for (const part of parts) {
    const [ns, ...path] = part.split(".") as [Namespace, ...string[]];
    if (!path.length) {
      picked[ns] = messages[ns];
      continue;
    }
    if (whole.has(ns)) continue;
    // Copy the branch, creating the objects on its way ({ errors: { client: {…} } }).
    let from = messages[ns] as unknown as Tree | undefined;
    let to = (picked[ns] ??= {}) as Tree;
    path.forEach((key, i) => {
      from = from?.[key] as Tree | undefined;
      if (from === undefined) return;
      if (i === path.length - 1) to[key] = from;
      else to = (to[key] ??= {}) as Tree;
    });
  }
  return picked as Partial<Messages>;
}
