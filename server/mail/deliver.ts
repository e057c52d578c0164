// One pass of the outbox worker: claim the due mails, send each over SMTP outside any transaction, then mark it
// sent (clearing its body and attachments: the one-time link, or a report's figures, must not stay in the
// database) or schedule a retry with backoff.
//
// Delivery guarantees:
// - Never lost: a mail is claimed (status 'sending', locked_until = now + lock) in a short transaction with
//   FOR UPDATE SKIP LOCKED; a worker that dies after the claim leaves a row whose lock lapses, and the next pass
//   claims it again. Only 'sent' and 'failed' (after MAIL_MAX_ATTEMPTS) are final.
// - Never sent twice in the normal path: a claimed row is skipped by every other worker until its lock lapses, the
//   lock (2 min) is far longer than the SMTP client's own timeouts (at most ~1 min for one mail), and the row is
//   marked sent right after the server's answer.
// - The one crash window, said honestly: if the process dies (or the database is unreachable) after the SMTP
//   server accepted the mail and before the 'sent' update commits, the row's lock lapses and the mail is sent
//   again. Its Message-ID is derived from the row id (<row-id@sender-domain>), so the resend carries the same
//   Message-ID and a mail client or a person can recognise it as the same mail. No outbox can close this window
//   without the SMTP server's cooperation.
import { and, eq, inArray, lte, or, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { mailOutbox, type MailOutboxRow } from "../db/schema";
import type { Logger } from "../log/logger";

/** Delays after the 1st, 2nd, … failed attempt; one more attempt than delays, then the mail is 'failed'. */
export const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000, 6 * 3_600_000, 12 * 3_600_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
export const CLAIM_LOCK_MS = 120_000;
const BATCH = 20;

export interface MailDeliveryDeps {
  db: Db;
  config: Pick<AppConfig, "mail">;
  now: () => Date;
}

export interface MailDeliveryOptions {
  transport: Transporter;
  log: Logger;
  /** Claim lock length; default CLAIM_LOCK_MS. */
  lockMs?: number;
  retryDelaysMs?: readonly number[];
  /** 0..1; default Math.random (the jitter spreads retries of many mails after an outage). */
  random?: () => number;
}

export interface DeliveryReport {
  sent: string[];
  retried: string[];
  failed: string[];
}

/** A nodemailer SMTP transport for SMTP_URL (or the local catcher), with bounded timeouts. */
export function createMailTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
}

/** <row-id@domain of MAIL_FROM>: the same for every attempt of one outbox row. */
export function messageIdFor(rowId: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? "merchant-dashboard.invalid";
  return `<${rowId}@${domain}>`;
}

/** Claim up to BATCH due rows: pending and due, or 'sending' with a lapsed lock (its worker died). */
async function claimDue(deps: MailDeliveryDeps, lockMs: number): Promise<MailOutboxRow[]> {
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        or(
          and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, now)),
          and(eq(mailOutbox.status, "sending"), lte(mailOutbox.lockedUntil, now)),
        ),
      )
      .orderBy(mailOutbox.nextAttemptAt, mailOutbox.id)
      .limit(BATCH)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({ status: "sending", lockedUntil: new Date(now.getTime() + lockMs), attempts: sql`${mailOutbox.attempts} + 1` })
      .where(
        inArray(
          mailOutbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 500);

async function sendOne(deps: MailDeliveryDeps, row: MailOutboxRow, opts: MailDeliveryOptions, report: DeliveryReport): Promise<void> {
  const { from } = deps.config.mail;
  const messageId = messageIdFor(row.id, from);
  try {
    await opts.transport.sendMail({
      from,
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody ?? "",
      ...(row.htmlBody ? { html: row.htmlBody } : {}),
      ...(row.attachments?.length
        ? {
            attachments: row.attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              content: Buffer.from(a.contentBase64, "base64"),
            })),
          }
        : {}),
      messageId,
    });
  } catch (e) {
    const delays = opts.retryDelaysMs ?? RETRY_DELAYS_MS;
    const error = errorText(e);
    const fields = { id: row.id, kind: row.kind, attempts: row.attempts, error };
    if (row.attempts >= delays.length + 1) {
      // Final: the body goes too (the link in it must not stay); an administrator can send a new invitation.
      await deps.db
        .update(mailOutbox)
        .set({ status: "failed", lastError: error, lockedUntil: null, textBody: null, htmlBody: null, attachments: null })
        .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, "sending")));
      opts.log.warn("mail.failed", fields);
      report.failed.push(row.id);
      return;
    }
    // Exponential steps with ±20 % jitter, so that many mails held back by one outage do not retry in a burst.
    const base = delays[row.attempts - 1] ?? delays[delays.length - 1]!;
    const delay = Math.round(base * (0.8 + 0.4 * (opts.random ?? Math.random)()));
    await deps.db
      .update(mailOutbox)
      .set({ status: "pending", lastError: error, lockedUntil: null, nextAttemptAt: new Date(deps.now().getTime() + delay) })
      .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, "sending")));
    opts.log.warn("mail.retry_scheduled", { ...fields, retryInSeconds: Math.round(delay / 1000) });
    report.retried.push(row.id);
    return;
  }
  // Right after the SMTP server's answer (see the crash window in the header).
  await deps.db
    .update(mailOutbox)
    .set({
      status: "sent",
      sentAt: deps.now(),
      messageId,
      lockedUntil: null,
      lastError: null,
      textBody: null,
      htmlBody: null,
      attachments: null,
    })
    .where(eq(mailOutbox.id, row.id));
  report.sent.push(row.id);
}

/** One pass: claim what is due and send it (one mail at a time: the SMTP server sets the pace). */
export async function deliverDueMail(deps: MailDeliveryDeps, opts: MailDeliveryOptions): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: [], retried: [], failed: [] };
  for (;;) {
    const claimed = await claimDue(deps, opts.lockMs ?? CLAIM_LOCK_MS);
    for (const row of claimed) await sendOne(deps, row, opts, report);
    if (claimed.length < BATCH) return report;
  }
}
