// The dashboard's e-mails, rendered at the moment they are queued. Each holds at most one one-time link (never
// card data, never another secret), says who it is for and why it came, and what to do when it was not expected.
export type MailKind = "invitation" | "password_reset" | "factor_reset" | "new_sign_in" | "scheduled_report";

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
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function render(kind: MailKind, subject: string, paragraphs: string[], link?: { url: string; label: string }): RenderedMail {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : []), "", "— Merchant dashboard"].join("\n\n");
  const html = [
    `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
    `<p style="color:#555">— Merchant dashboard</p></body></html>`,
  ].join("");
  return { kind, subject, text, html };
}

const when = (d: Date) => d.toISOString().replace("T", " ").slice(0, 16) + " UTC";

export function invitationMail(p: { name: string; url: string; expiresAt: Date; invitedBy: string }): RenderedMail {
  return render(
    "invitation",
    "You have been invited to the merchant dashboard",
    [
      `Hello ${p.name},`,
      `${p.invitedBy} created a merchant dashboard account for you. Choose your password with the link below; it works once, until ${when(p.expiresAt)}.`,
      "After the password you will set up a second factor (an authenticator app or a passkey).",
      "If you did not expect this e-mail, ignore it: without the link nobody can use the account.",
    ],
    { url: p.url, label: "Choose your password" },
  );
}

export function passwordResetMail(p: { name: string; url: string; expiresAt: Date }): RenderedMail {
  return render(
    "password_reset",
    "Reset your merchant dashboard password",
    [
      `Hello ${p.name},`,
      `Someone asked to reset the password of your merchant dashboard account. Choose a new one with the link below; it works once, until ${when(p.expiresAt)}.`,
      "If it was not you, ignore this e-mail: your password stays as it is.",
    ],
    { url: p.url, label: "Choose a new password" },
  );
}

export function factorResetMail(p: { name: string; resetBy: string; signInUrl: string }): RenderedMail {
  return render(
    "factor_reset",
    "Your second factor was reset",
    [
      `Hello ${p.name},`,
      `${p.resetBy} reset the second factors of your merchant dashboard account, and your sessions were ended. At your next sign-in you will set up an authenticator app or a passkey again.`,
      "If you did not ask for this, tell your administrator at once.",
    ],
    { url: p.signInUrl, label: "Sign in" },
  );
}

export function newSignInMail(p: { name: string; at: Date; ip: string; browser: string }): RenderedMail {
  return render("new_sign_in", "New sign-in to your merchant dashboard account", [
    `Hello ${p.name},`,
    `Your account was signed in at ${when(p.at)} from ${p.browser} (IP address ${p.ip}).`,
    "If this was not you, change your password and tell your administrator at once.",
  ]);
}

/**
 * A scheduled report: what it is, which days in which zone, a few totals (per currency, never summed across
 * currencies), the schedule and whose it is; the report itself is the attached CSV. No card data: only totals.
 */
export function scheduledReportMail(p: {
  title: string;
  days: string;
  timeZone: string;
  summary: string[];
  schedule: string;
  owner: string;
  attachment: MailAttachment;
}): RenderedMail {
  const mail = render("scheduled_report", `${p.title} · ${p.days}`, [
    `${p.title} for ${p.days} (time zone ${p.timeZone}).`,
    ...p.summary,
    `The full report is attached as ${p.attachment.filename}.`,
    `You receive this because ${p.owner} scheduled it: ${p.schedule}. To stop it, ask them to pause or delete the schedule on the dashboard's Scheduled reports page.`,
  ]);
  return { ...mail, attachments: [p.attachment] };
}
