// Reads the sandbox's local mail catcher from Playwright specs: waitForMail polls GET /__sandbox/mail?to=… until a
// mail for that address (optionally matching a subject, received after a moment) arrives, and returns it.
export interface CaughtMailView {
  subject: string;
  text: string;
  links: string[];
  /** Attached files as the catcher parsed them (`text`: a text/* file's UTF-8 content, without a byte-order mark). */
  attachments: Array<{ filename: string | null; contentType: string; size: number; text: string | null }>;
}

interface CaughtMailJson extends CaughtMailView {
  receivedAt: string;
}

export async function waitForMail(
  sandboxUrl: string,
  to: string,
  opts: { subject?: RegExp; after?: Date; timeoutMs?: number } = {},
): Promise<CaughtMailView> {
  const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
  const url = `${sandboxUrl.replace(/\/+$/, "")}/__sandbox/mail?to=${encodeURIComponent(to)}`;
  for (;;) {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`the mail catcher answered ${res.status} at ${url}`);
    const { mails } = (await res.json()) as { mails: CaughtMailJson[] };
    // Newest first: the first match is the latest mail that fits.
    const found = mails.find(
      (m) => (!opts.subject || opts.subject.test(m.subject)) && (!opts.after || new Date(m.receivedAt).getTime() >= opts.after.getTime()),
    );
    if (found) return { subject: found.subject, text: found.text, links: found.links, attachments: found.attachments ?? [] };
    if (Date.now() > deadline) {
      throw new Error(`no mail for ${to}${opts.subject ? ` matching ${opts.subject}` : ""} within ${opts.timeoutMs ?? 15_000} ms`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
