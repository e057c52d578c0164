// The local mail catcher of test mode: an SMTP server on 127.0.0.1 (smtp-server) that accepts every message,
// parses it (mailparser) and keeps the last MAX_MAILS (in the sandbox's saved state), so that a person trying the
// dashboard can open an invitation in the sandbox's web inbox (/mail) and tests can read it (/__sandbox/mail).
// Never relays anything.
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { simpleParser, type AddressObject, type Attachment } from "mailparser";
import { SMTPServer } from "smtp-server";

export const MAX_MAILS = 500;
// Room for a scheduled report's CSV (a month of daily closing by branch is a few tens of KB; base64 adds a third).
const MAX_MESSAGE_BYTES = 5 * 1024 * 1024;

export interface CaughtMail {
  id: string;
  /** Lower-cased recipient addresses (envelope RCPT TO, which is who the mail was delivered to). */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string | null;
  /** Every http(s) link of the text and HTML parts, in order, without duplicates. */
  links: string[];
  messageId: string | null;
  /** Files attached to the mail: name, MIME type, size and bytes (base64; `text` too for text/* types). */
  attachments: CaughtAttachment[];
  receivedAt: string;
}

export interface CaughtAttachment {
  filename: string | null;
  contentType: string;
  size: number;
  contentBase64: string;
  /** UTF-8 text of a text/* attachment (a CSV), without a leading byte-order mark. */
  text: string | null;
}

const LINK_IN_TEXT = /https?:\/\/[^\s<>"')\]]+/g;
const HREF_IN_HTML = /href\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;

const decodeEntities = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_m, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" })[e]!);

/** The http(s) links of a mail, text part first, then the HTML part's hrefs. */
export function linksOf(text: string, html: string | null): string[] {
  const found = [...(text.match(LINK_IN_TEXT) ?? [])];
  for (const m of (html ?? "").matchAll(HREF_IN_HTML)) {
    const href = decodeEntities((m[1] ?? m[2] ?? "").trim());
    if (/^https?:\/\//i.test(href)) found.push(href);
  }
  return [...new Set(found)];
}

function attachmentOf(a: Attachment): CaughtAttachment {
  const isText = /^text\//i.test(a.contentType);
  return {
    filename: a.filename ?? null,
    contentType: a.contentType,
    size: a.content.length,
    contentBase64: a.content.toString("base64"),
    text: isText ? a.content.toString("utf8").replace(/^\uFEFF/, "") : null,
  };
}

function addressText(a: AddressObject | AddressObject[] | undefined): string {
  if (!a) return "";
  return (Array.isArray(a) ? a : [a]).map((x) => x.text).join(", ");
}

/** Where the mails live: by default a plain array; the sandbox keeps them in its saved state (server.ts). */
export interface MailBox {
  get(): CaughtMail[];
  set(mails: CaughtMail[]): void;
}

export function memoryMailBox(): MailBox {
  let mails: CaughtMail[] = [];
  return { get: () => mails, set: (m) => void (mails = m) };
}

export class MailCatcher {
  private server: SMTPServer | null = null;
  port: number | null = null;

  constructor(
    private readonly log: (line: string) => void = () => {},
    private readonly box: MailBox = memoryMailBox(),
  ) {}

  private get mails(): CaughtMail[] {
    return this.box.get();
  }

  /** Newest first; only those delivered to `to` (case-insensitive) when given. */
  list(to?: string): CaughtMail[] {
    const want = to?.trim().toLowerCase();
    const out = want ? this.mails.filter((m) => m.to.includes(want)) : [...this.mails];
    return out.reverse();
  }

  get(id: string): CaughtMail | undefined {
    return this.mails.find((m) => m.id === id);
  }

  /** Forget every mail, or only those delivered to `to`; returns how many were removed. */
  clear(to?: string): number {
    const before = this.mails.length;
    const want = to?.trim().toLowerCase();
    const kept = want ? this.mails.filter((m) => !m.to.includes(want)) : [];
    this.box.set(kept);
    return before - kept.length;
  }

  /** Keep one parsed mail (the oldest beyond MAX_MAILS are dropped). */
  add(mail: Omit<CaughtMail, "id" | "receivedAt" | "links" | "attachments"> & { attachments?: CaughtAttachment[] }): CaughtMail {
    const caught: CaughtMail = {
      ...mail,
      attachments: mail.attachments ?? [],
      id: randomUUID(),
      links: linksOf(mail.text, mail.html),
      receivedAt: new Date().toISOString(),
    };
    const mails = [...this.mails, caught];
    this.box.set(mails.length > MAX_MAILS ? mails.slice(mails.length - MAX_MAILS) : mails);
    return caught;
  }

  /** Listen on host:port (0 = a free port). Plain SMTP without AUTH or STARTTLS: it only ever serves localhost. */
  async start(port: number, host = "127.0.0.1"): Promise<number> {
    const server = new SMTPServer({
      logger: false,
      banner: "sandbox mail catcher",
      size: MAX_MESSAGE_BYTES,
      closeTimeout: 1000,
      authOptional: true,
      disabledCommands: ["AUTH", "STARTTLS"],
      onData: (stream, session, callback) => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        simpleParser(stream, { skipImageLinks: true })
          .then((parsed) => {
            if (stream.sizeExceeded) {
              callback(Object.assign(new Error("Message too large"), { responseCode: 552 }));
              return;
            }
            const html = typeof parsed.html === "string" ? parsed.html : null;
            this.add({
              to,
              from: addressText(parsed.from),
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html,
              messageId: parsed.messageId ?? null,
              attachments: parsed.attachments.map(attachmentOf),
            });
            // Recipient count only: the addresses and the body may hold personal data and one-time links.
            this.log(`mail caught for ${to.length} recipient(s)`);
            callback();
          })
          .catch((e: Error) => callback(e));
      },
    });
    await new Promise<void>((resolve, reject) => {
      const onError = (e: Error) => reject(e);
      server.once("error", onError);
      server.listen(port, host, () => {
        server.off("error", onError);
        resolve();
      });
    });
    server.on("error", (e: Error) => this.log(`mail catcher error: ${e.message}`));
    this.server = server;
    this.port = (server.server.address() as AddressInfo).port;
    return this.port;
  }

  close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return Promise.resolve();
    return new Promise((resolve) => server.close(() => resolve()));
  }
}
