// Rules guarded: the local mail catcher receives what an SMTP client sends and gives it back by recipient (the
// tests' and the person's only way to open an invitation in test mode); a mail's HTML never runs in the inbox (no
// script, strict CSP, the HTML shown only as escaped source); the inbox is bounded; the log never carries addresses
// or bodies; with a data directory the inbox survives a restart (an unread invitation is not lost).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_MAILS, linksOf } from "./mail-catcher";
import type { RunningSandbox } from "./server";
import { start } from "../tests/support/sandbox-client.support";

let sb: RunningSandbox;
const lines: string[] = [];
beforeAll(async () => {
  sb = await start({ log: (l) => lines.push(l) });
});
afterAll(() => sb.close());

const send = (to: string, subject: string, text: string, html?: string) =>
  nodemailer
    .createTransport({ host: "127.0.0.1", port: sb.smtpPort!, secure: false, ignoreTLS: true })
    .sendMail({ from: "Dashboard <dashboard@example.com>", to, subject, text, html, messageId: `<${subject.replace(/\W/g, "")}@test>` });

const listFor = async (to: string) =>
  (await (await fetch(`${sb.url}/__sandbox/mail?to=${encodeURIComponent(to)}`)).json()) as { mails: Array<Record<string, unknown>> };

describe("mail catcher", () => {
  it("attachments are kept with their names, content types and bytes, and shown in JSON (a scheduled report's CSV)", async () => {
    const csv = "\uFEFFReport,Daily closing\r\nDay,Net\r\n2026-11-23,1250.00\r\n";
    await nodemailer.createTransport({ host: "127.0.0.1", port: sb.smtpPort!, secure: false, ignoreTLS: true }).sendMail({
      from: "Dashboard <dashboard@example.com>",
      to: "files@example.com",
      subject: "Daily closing",
      text: "Attached.",
      attachments: [
        { filename: "daily-closing_2026-11-23_2026-11-23.csv", contentType: "text/csv; charset=utf-8", content: Buffer.from(csv) },
        { filename: "blob.bin", contentType: "application/octet-stream", content: Buffer.from([0, 1, 2, 255]) },
      ],
    });
    const { mails } = await listFor("files@example.com");
    expect(mails[0]!.attachments).toEqual([
      {
        filename: "daily-closing_2026-11-23_2026-11-23.csv",
        contentType: "text/csv",
        size: Buffer.byteLength(csv),
        contentBase64: Buffer.from(csv).toString("base64"),
        text: csv.slice(1),
      },
      { filename: "blob.bin", contentType: "application/octet-stream", size: 4, contentBase64: "AAEC/w==", text: null },
    ]);
    const page = await (await fetch(`${sb.url}/mail/${encodeURIComponent(String(mails[0]!.id))}`)).text();
    expect(page).toContain("daily-closing_2026-11-23_2026-11-23.csv");
  });

  it("a mail sent over SMTP comes back from the JSON endpoint for its recipient only, with its links", async () => {
    await send("Ana@Example.com", "Choose your password", "Open http://127.0.0.1:3000/set-password?token=abc123 once.");
    await send("someone-else@example.com", "Other", "nothing");
    const { mails } = await listFor("ana@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: ["ana@example.com"],
      subject: "Choose your password",
      links: ["http://127.0.0.1:3000/set-password?token=abc123"],
      messageId: "<Chooseyourpassword@test>",
    });
    expect(mails[0]!.text).toContain("set-password?token=abc123");
  });

  it("lists newest first and DELETE ?to= clears only that recipient", async () => {
    await send("order@example.com", "first", "1");
    await send("order@example.com", "second", "2");
    expect((await listFor("order@example.com")).mails.map((m) => m.subject)).toEqual(["second", "first"]);
    const del = await fetch(`${sb.url}/__sandbox/mail?to=order@example.com`, { method: "DELETE" });
    expect(await del.json()).toEqual({ deleted: 2 });
    expect((await listFor("order@example.com")).mails).toHaveLength(0);
    expect((await listFor("ana@example.com")).mails).toHaveLength(1);
  });

  it("the inbox page lists the mail and the message page makes links clickable, with no script and a strict CSP", async () => {
    await send(
      "view@example.com",
      "Hostile <b>subject</b>",
      "Go to https://dashboard.example/set-password?token=t1&x=2 now",
      '<p onclick="x()">Hi</p><script>alert(1)</script><a href="https://dashboard.example/h">h</a>',
    );
    const inbox = await fetch(`${sb.url}/mail`);
    const csp = inbox.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("script-src");
    expect(csp).toContain("frame-ancestors 'none'");
    const inboxHtml = await inbox.text();
    expect(inboxHtml).toContain("view@example.com");
    expect(inboxHtml).toContain("Hostile &#60;b&#62;subject&#60;/b&#62;");
    const id = (await listFor("view@example.com")).mails[0]!.id as string;
    expect(inboxHtml).toContain(`href="/mail/${id}"`);
    const message = await (await fetch(`${sb.url}/mail/${id}`)).text();
    expect(message).toContain('<a href="https://dashboard.example/set-password?token=t1&#38;x=2">');
    expect(message).not.toMatch(/<script|<iframe|onclick="/i);
    expect(message).toContain("&#60;script&#62;alert(1)&#60;/script&#62;");
    expect((await fetch(`${sb.url}/mail/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
  });

  it("the inbox's delete-all form works from the inbox and is refused from another site", async () => {
    await send("clear@example.com", "to clear", "x");
    const foreign = await fetch(`${sb.url}/mail/clear`, {
      method: "POST",
      headers: { origin: "https://evil.example" },
      redirect: "manual",
    });
    expect(foreign.status).toBe(403);
    expect((await listFor("clear@example.com")).mails).toHaveLength(1);
    const own = await fetch(`${sb.url}/mail/clear`, { method: "POST", headers: { origin: sb.url }, redirect: "manual" });
    expect(own.status).toBe(303);
    expect(own.headers.get("location")).toBe("/mail");
    expect(sb.mail.list()).toHaveLength(0);
  });

  it(`keeps only the last ${MAX_MAILS} mails`, () => {
    for (let i = 0; i < MAX_MAILS + 20; i++)
      sb.mail.add({ to: ["bulk@example.com"], from: "x", subject: `bulk ${i}`, text: "", html: null, messageId: null });
    const all = sb.mail.list();
    expect(all).toHaveLength(MAX_MAILS);
    expect(all[0]!.subject).toBe(`bulk ${MAX_MAILS + 19}`);
    sb.mail.clear();
  });

  it("the log says a mail was caught without its addresses, subject or body", async () => {
    await send("private@example.com", "Secret subject", "http://x.example/set-password?token=zzz");
    const joined = lines.join("\n");
    expect(joined).toContain("mail caught for 1 recipient(s)");
    expect(joined).not.toMatch(/private@example\.com|Secret subject|token=zzz/);
  });

  it("links are taken from the text and the HTML hrefs, http(s) only, once each", () => {
    expect(
      linksOf(
        "a https://a.example/x b",
        '<a href="https://a.example/x">x</a><a href="javascript:alert(1)">y</a><a href=\'http://b.example/?a=1&amp;b=2\'>z</a>',
      ),
    ).toEqual(["https://a.example/x", "http://b.example/?a=1&b=2"]);
  });

  it("with a data directory the inbox survives a restart", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "sandbox-mail-"));
    try {
      const first = await start({ dataDir });
      await nodemailer
        .createTransport({ host: "127.0.0.1", port: first.smtpPort!, secure: false, ignoreTLS: true })
        .sendMail({ from: "d@example.com", to: "kept@example.com", subject: "Kept", text: "https://dash.example/set-password?token=k" });
      await first.close();
      const second = await start({ dataDir });
      try {
        expect(second.mail.list("kept@example.com")).toMatchObject([
          { subject: "Kept", links: ["https://dash.example/set-password?token=k"] },
        ]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("does not run when smtpPort is null", async () => {
    const off = await start({ smtpPort: null });
    try {
      expect(off.smtpPort).toBeNull();
    } finally {
      await off.close();
    }
  });
});
