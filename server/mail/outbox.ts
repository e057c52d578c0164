// The mail outbox: an e-mail is written as a row in the same transaction as the action that causes it (an
// invitation with the user it invites), so it exists exactly when the action committed. The outbox worker
// (server/mail/worker.ts) sends it after the commit, retries with backoff, and clears the body once sent.
// No `import "server-only"`: scripts may enqueue too; nothing here is a secret.
import type { Db, Tx } from "../db/client";
import { mailOutbox } from "../db/schema";
import type { RenderedMail } from "./templates";

export async function enqueueMail(tx: Db | Tx, to: string, mail: RenderedMail): Promise<string> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      kind: mail.kind,
      toAddress: to.trim().toLowerCase(),
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      attachments: mail.attachments?.length
        ? mail.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            contentBase64: Buffer.from(a.content).toString("base64"),
          }))
        : null,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}
