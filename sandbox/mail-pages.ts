// HTML of the local mail catcher's web inbox: the list (newest first) and one message. Server-rendered, no script
// at all (the CSP in mailPageReply forbids it), and a mail's HTML is never rendered: the text part is shown with
// its links made clickable, the HTML only as escaped source.
import type { Reply } from "./http-util";
import { esc } from "./http-util";
import type { CaughtMail } from "./mail-catcher";

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
background:#f3f5f8;color:#1b2430}main{max-width:60rem;margin:2rem auto;padding:1.5rem;background:#fff;
border-radius:.75rem;box-shadow:0 1px 4px rgba(0,0,0,.12)}h1{font-size:1.25rem;margin:0 0 1rem}
.brand{font-size:.875rem;letter-spacing:.05em;text-transform:uppercase;color:#5b6675;margin:0 0 .5rem}
table{width:100%;border-collapse:collapse}caption{text-align:start;margin-block-end:.5rem}details{margin-block-start:1rem}th,td{text-align:start;padding:.5rem;border-block-end:1px solid #dde2e8;
vertical-align:top}th{color:#5b6675;font-weight:600;font-size:.875rem}a{color:#1d4ed8}
a:focus,button:focus,summary:focus{outline:3px solid #2563eb;outline-offset:2px}
.head{display:flex;justify-content:space-between;align-items:baseline;gap:1rem;flex-wrap:wrap}
button{padding:.4rem .8rem;font-size:.875rem;font-weight:600;color:#1b2430;background:#fff;border:1px solid #8a94a3;
border-radius:.4rem;cursor:pointer}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 1rem}
dt{color:#5b6675}dd{margin:0;overflow-wrap:anywhere}.body{white-space:pre-wrap;overflow-wrap:anywhere;
background:#f8fafc;border:1px solid #dde2e8;border-radius:.4rem;padding:1rem;font:inherit}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font-size:.8125rem}.hint{color:#5b6675;font-size:.875rem}`;

/** A catcher page: no script (not even inline), no frames, forms only to the sandbox itself, no referrer. */
export function mailPageReply(status: number, title: string, body: string): Reply {
  const markup = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
  return {
    status,
    contentType: "text/html; charset=utf-8",
    body: markup,
    headers: {
      "content-security-policy":
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; frame-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
      "cache-control": "no-store",
      "referrer-policy": "no-referrer",
      "x-content-type-options": "nosniff",
    },
  };
}

const when = (iso: string) => iso.replace("T", " ").slice(0, 19) + " UTC";

/** Escaped text with every http(s) link made a clickable anchor. */
export function linkify(text: string): string {
  let out = "";
  let last = 0;
  for (const m of text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)) {
    out += esc(text.slice(last, m.index));
    out += `<a href="${esc(m[0])}">${esc(m[0])}</a>`;
    last = m.index + m[0].length;
  }
  return out + esc(text.slice(last));
}

export function inboxPage(mails: CaughtMail[], smtpPort: number | null): string {
  const rows = mails
    .map(
      (m) =>
        `<tr><td dir="auto">${esc(m.to.join(", "))}</td><td><a href="/mail/${encodeURIComponent(m.id)}" dir="auto">${esc(
          m.subject || "(no subject)",
        )}</a></td><td><bdi dir="ltr">${esc(when(m.receivedAt))}</bdi></td></tr>`,
    )
    .join("");
  const list = mails.length
    ? `<table><caption class="hint">Newest first; the sandbox keeps the last 500 mails (with its saved state, until a reset).</caption>
<thead><tr><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Received</th></tr></thead><tbody>${rows}</tbody></table>`
    : `<p role="status">No mail yet. Mail the dashboard sends in test mode arrives here.</p>`;
  const clear = mails.length ? `<form method="post" action="/mail/clear"><button type="submit">Delete all mail</button></form>` : "";
  return `<p class="brand">Sandbox · local mail catcher</p>
<div class="head"><h1>Mail inbox</h1>${clear}</div>
<p class="hint">SMTP on <bdi dir="ltr">127.0.0.1:${smtpPort ?? "—"}</bdi>. Nothing is relayed: mail stays on this machine.</p>
${list}`;
}

export function messagePage(m: CaughtMail): string {
  // Mails kept by an older sandbox have no attachments field.
  const attached = m.attachments ?? [];
  const files = attached.length
    ? `<dt>Attachments</dt>${attached
        .map(
          (a) =>
            `<dd><bdi dir="ltr">${esc(a.filename ?? "(no name)")}</bdi> <span class="hint">(${esc(a.contentType)}, ${a.size} bytes)</span></dd>`,
        )
        .join("")}`
    : "";
  const html = m.html ? `<details><summary>HTML part (source, not rendered)</summary><pre>${esc(m.html)}</pre></details>` : "";
  return `<p class="brand">Sandbox · local mail catcher</p>
<p><a href="/mail">Back to the inbox</a></p>
<h1 dir="auto">${esc(m.subject || "(no subject)")}</h1>
<dl><dt>From</dt><dd dir="auto">${esc(m.from)}</dd><dt>To</dt><dd dir="auto">${esc(m.to.join(", "))}</dd>
<dt>Received</dt><dd><bdi dir="ltr">${esc(when(m.receivedAt))}</bdi></dd>${files}</dl>
<h2 class="hint">Text</h2>
<div class="body" dir="auto">${linkify(m.text)}</div>
${html}`;
}
