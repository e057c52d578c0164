// The dashboard's e-mails, rendered at the moment they are queued. Each holds at most one one-time link (never
// card data, never another secret), says who it is for and why it came, and what to do when it was not expected.
// Written in the recipient's language (mailPrefsFor: their saved language, else the language of the person whose
// action sent it, else English) from the `mail` catalog; an Arabic mail's HTML is <html lang="ar" dir="rtl">.
import "server-only";
import { DEFAULT_UI_PREFS, directionOf, formatLocaleOf, isDigitStyle, isLanguage, type UiPrefs } from "@/lib/i18n/languages";
import { reasonText, type VocabTranslator } from "@/lib/i18n/vocab";
import { formatMoney, isCurrencyCode } from "@/lib/money";
import type { TrailProblem } from "../audit/trail";
import { formatInZone } from "@/lib/transactions/zoned-time";
import { env } from "../env";
import { translatorFor } from "../i18n/translator";

export type MailKind =
  | "invitation"
  | "password_reset"
  | "factor_reset"
  | "new_sign_in"
  | "scheduled_report"
  | "inactive_disabled"
  | "inactive_disabled_notice"
  | "audit_verified"
  | "audit_broken"
  | "refund_approval"
  | "payment_note";

/** The language (and digits) a mail is written in. */
export type MailPrefs = Pick<UiPrefs, "language" | "digits">;

/**
 * Which language a mail is written in: the recipient's saved language; else the language of the person whose action
 * sent it (their request's: uiPrefsOfRequest); else English.
 */
export function mailPrefsFor(
  recipient: { uiLanguage?: string | null; uiDigits?: string | null } | null | undefined,
  sender?: MailPrefs | null,
): MailPrefs {
  if (recipient && isLanguage(recipient.uiLanguage)) {
    return { language: recipient.uiLanguage, digits: isDigitStyle(recipient.uiDigits) ? recipient.uiDigits : "latn" };
  }
  return sender
    ? { language: sender.language, digits: sender.digits }
    : { language: DEFAULT_UI_PREFS.language, digits: DEFAULT_UI_PREFS.digits };
}

/** A file sent with a mail (a scheduled report's CSV). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string | Buffer;
}

export interface RenderedMail {
  kind: MailKind;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", '"': "&quot;", ">": "&gt;", "'": "&#39;" })[c]!);

function mailWords(prefs: MailPrefs) {
  const t = translatorFor(prefs, "mail");
  const rtl = directionOf(prefs.language) === "rtl";
  /** A left-to-right value (a date, an address, a file name) kept whole inside a right-to-left sentence. */
  const ltr = (s: string) => (rtl ? `\u2066${s}\u2069` : s);
  // Times in the business zone, named (the zone every screen and export uses): "2026-11-24 17:05 (Asia/Riyadh)".
  const zone = env().reportTimeZone;
  const when = (d: Date) => t("zoned", { time: ltr(formatInZone(d, zone).slice(0, 16)), zone: ltr(zone) });
  return { t, rtl, ltr, when };
}

function render(
  prefs: MailPrefs,
  kind: MailKind,
  subject: string,
  paragraphs: string[],
  link?: { url: string; label: string },
): RenderedMail {
  const { t, rtl } = mailWords(prefs);
  const signature = t("signature");
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : []), "", signature].join("\n\n");
  const html = [
    `<!doctype html><html${rtl ? ` lang="${prefs.language}" dir="rtl"` : ""}><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
    `<p style="color:#555">${escapeHtml(signature)}</p></body></html>`,
  ].join("");
  return { kind, subject, text, html };
}

export function invitationMail(
  p: { name: string; url: string; expiresAt: Date; invitedBy: string },
  prefs: MailPrefs = DEFAULT_UI_PREFS,
): RenderedMail {
  const { t, when } = mailWords(prefs);
  return render(
    prefs,
    "invitation",
    t("invitation.subject"),
    [
      t("hello", { name: p.name }),
      t("invitation.created", { invitedBy: p.invitedBy, until: when(p.expiresAt) }),
      t("invitation.secondFactor"),
      t("invitation.ignore"),
    ],
    { url: p.url, label: t("invitation.link") },
  );
}

export function passwordResetMail(p: { name: string; url: string; expiresAt: Date }, prefs: MailPrefs = DEFAULT_UI_PREFS): RenderedMail {
  const { t, when } = mailWords(prefs);
  return render(
    prefs,
    "password_reset",
    t("passwordReset.subject"),
    [t("hello", { name: p.name }), t("passwordReset.asked", { until: when(p.expiresAt) }), t("passwordReset.ignore")],
    { url: p.url, label: t("passwordReset.link") },
  );
}

/** After a super-admin's "Reset 2FA": the one-time link that lets the user enrol a factor again. */
export function factorResetMail(
  p: { name: string; resetBy: string; enrolUrl: string; expiresAt: Date },
  prefs: MailPrefs = DEFAULT_UI_PREFS,
): RenderedMail {
  const { t, when } = mailWords(prefs);
  return render(
    prefs,
    "factor_reset",
    t("factorReset.subject"),
    [t("hello", { name: p.name }), t("factorReset.reset", { resetBy: p.resetBy, until: when(p.expiresAt) }), t("factorReset.tell")],
    { url: p.enrolUrl, label: t("factorReset.link") },
  );
}

export function newSignInMail(
  p: { name: string; at: Date; ip: string; browser: string },
  prefs: MailPrefs = DEFAULT_UI_PREFS,
): RenderedMail {
  const { t, when, ltr } = mailWords(prefs);
  return render(prefs, "new_sign_in", t("newSignIn.subject"), [
    t("hello", { name: p.name }),
    t("newSignIn.signedIn", { at: when(p.at), browser: ltr(p.browser), ip: ltr(p.ip) }),
    t("newSignIn.notYou"),
  ]);
}

/** To the user whose account the inactivity pass disabled (PCI DSS 8.2.6): why, since when, and how to get it back. */
export function inactiveDisabledMail(
  p: { name: string; days: number; lastUsedAt: Date },
  prefs: MailPrefs = DEFAULT_UI_PREFS,
): RenderedMail {
  const { t, when } = mailWords(prefs);
  return render(prefs, "inactive_disabled", t("inactiveDisabled.subject"), [
    t("hello", { name: p.name }),
    t("inactiveDisabled.disabled", { days: p.days, since: when(p.lastUsedAt) }),
    t("inactiveDisabled.again"),
  ]);
}

/** To each super-admin: whose account the inactivity pass disabled, and where to enable it again. */
export function inactiveDisabledNoticeMail(
  p: { name: string; user: { name: string; email: string }; days: number; lastUsedAt: Date; usersUrl: string },
  prefs: MailPrefs = DEFAULT_UI_PREFS,
): RenderedMail {
  const { t, when, ltr } = mailWords(prefs);
  return render(
    prefs,
    "inactive_disabled_notice",
    t("inactiveDisabledNotice.subject", { email: ltr(p.user.email) }),
    [
      t("hello", { name: p.name }),
      t("inactiveDisabledNotice.disabled", { user: p.user.name, email: ltr(p.user.email), days: p.days, since: when(p.lastUsedAt) }),
      t("inactiveDisabledNotice.again"),
    ],
    { url: p.usersUrl, label: t("inactiveDisabledNotice.link") },
  );
}

/**
 * A scheduled report: what it is, which days in which zone, a few totals (per currency, never summed across
 * currencies), the schedule and whose it is; the report itself is the attached CSV. No card data: only totals.
 * The caller words title, days, summary, schedule and owner in the same language (the schedule owner's).
 */
export function scheduledReportMail(
  p: {
    title: string;
    days: string;
    timeZone: string;
    summary: string[];
    schedule: string;
    owner: string;
    attachment: MailAttachment;
  },
  prefs: MailPrefs = DEFAULT_UI_PREFS,
): RenderedMail {
  const { t, ltr } = mailWords(prefs);
  const mail = render(prefs, "scheduled_report", t("scheduledReport.subject", { title: p.title, days: p.days }), [
    t("scheduledReport.intro", { title: p.title, days: ltr(p.days), zone: ltr(p.timeZone) }),
    ...p.summary,
    t("scheduledReport.attached", { filename: ltr(p.attachment.filename) }),
    t("scheduledReport.why", { owner: p.owner, schedule: p.schedule }),
  ]);
  return { ...mail, attachments: [p.attachment] };
}

/**
 * To the security contact (AUDIT_ANCHOR_MAIL_TO), after the daily full walk verified: the chain head as one signed
 * JSON line, the same as the anchor file's. A copy in a mailbox is out of reach of whoever controls the database.
 */
export function auditVerifiedMail(
  p: { rows: number; lastId: number; at: Date; line: string },
  prefs: MailPrefs = DEFAULT_UI_PREFS,
): RenderedMail {
  const { t, ltr, when } = mailWords(prefs);
  return render(prefs, "audit_verified", t("auditVerified.subject", { count: p.rows }), [
    t("auditVerified.verified", { count: p.rows, lastId: ltr(String(p.lastId)), at: when(p.at) }),
    t("auditVerified.keep"),
    t("auditVerified.head", { line: ltr(p.line) }),
  ]);
}

/** To the security contact, once for each break found: what failed, where, and what to do. */
export function auditBrokenMail(
  p: { reason: TrailProblem; brokenAt: number | null; at: Date; auditUrl: string },
  prefs: MailPrefs = DEFAULT_UI_PREFS,
): RenderedMail {
  const { t, ltr, when } = mailWords(prefs);
  const reasons = translatorFor(prefs, "audit.chain");
  return render(
    prefs,
    "audit_broken",
    t("auditBroken.subject"),
    [
      t("auditBroken.failed", { at: when(p.at), reason: reasons(p.reason) }),
      ...(p.brokenAt !== null ? [t("auditBroken.where", { id: ltr(String(p.brokenAt)) })] : []),
      t("auditBroken.incident"),
    ],
    { url: p.auditUrl, label: t("auditBroken.link") },
  );
}

/** To each person who may approve a held refund (never its requester): what, for which order, why, and where. */
export function refundApprovalMail(
  p: {
    name: string;
    requester: string | null;
    amount: { minor: number; currency: string };
    orderId: string;
    reasonCode: string;
    refundsUrl: string;
  },
  prefs: MailPrefs = DEFAULT_UI_PREFS,
): RenderedMail {
  const { t, ltr } = mailWords(prefs);
  const amount = isCurrencyCode(p.amount.currency)
    ? formatMoney({ minor: p.amount.minor, currency: p.amount.currency }, formatLocaleOf(prefs))
    : `${p.amount.minor} ${p.amount.currency}`;
  const reason = reasonText(translatorFor(prefs, "vocab") as unknown as VocabTranslator, p.reasonCode);
  const values = { amount: ltr(amount), orderId: ltr(p.orderId), reason };
  return render(
    prefs,
    "refund_approval",
    t("refundApproval.subject", { amount: ltr(amount) }),
    [
      t("hello", { name: p.name }),
      p.requester ? t("refundApproval.asked", { ...values, requester: p.requester }) : t("refundApproval.noRequester", values),
      t("refundApproval.nothingYet"),
    ],
    { url: p.refundsUrl, label: t("refundApproval.link") },
  );
}

/** A colleague's note on a payment that mentions the recipient ("@sara@merchant.example"), with a link to the payment. */
export function paymentNoteMail(
  p: { name: string; author: string; orderId: string; note: string; paymentUrl: string },
  prefs: MailPrefs = DEFAULT_UI_PREFS,
): RenderedMail {
  const { t, ltr } = mailWords(prefs);
  const values = { author: p.author, orderId: ltr(p.orderId) };
  return render(
    prefs,
    "payment_note",
    t("paymentNote.subject", values),
    [t("hello", { name: p.name }), t("paymentNote.wrote", values), p.note],
    { url: p.paymentUrl, label: t("paymentNote.link") },
  );
}
