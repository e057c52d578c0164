// HTML pages of the sandbox: 3-D Secure challenge, "sending you on", error, index. Small, self-contained (inline
// CSS/JS), accessible, and usable inside an iframe sandboxed with "allow-scripts allow-forms" (no same-origin):
// no cookies, no storage, no window.top.
import { formatAmount } from "./amounts";
import { esc } from "./http-util";
import type { Payment } from "./types";

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
background:#f3f5f8;color:#1b2430}main{max-width:26rem;margin:2rem auto;padding:1.5rem;background:#fff;
border-radius:.75rem;box-shadow:0 1px 4px rgba(0,0,0,.12)}h1{font-size:1.25rem;margin:0 0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 1rem}dt{color:#5b6675}dd{margin:0}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}input{width:100%;padding:.6rem;font-size:1rem;
border:1px solid #8a94a3;border-radius:.4rem}input:focus,button:focus{outline:3px solid #2563eb;outline-offset:2px}
button{margin-top:1rem;width:100%;padding:.7rem;font-size:1rem;font-weight:600;color:#fff;background:#1d4ed8;
border:0;border-radius:.4rem;cursor:pointer}.hint{color:#5b6675;font-size:.875rem;margin:.25rem 0 0}
.error{color:#b91c1c;font-weight:600}.row{display:flex;gap:.75rem}.row>div{flex:1}
.brand{font-size:.875rem;letter-spacing:.05em;text-transform:uppercase;color:#5b6675;margin:0 0 .5rem}`;

export function page(title: string, body: string, script = ""): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main>${script ? `<script>${script}</script>` : ""}</body></html>`;
}

export function amountText(minor: number, currency: Payment["currency"]): string {
  return `${currency} ${formatAmount(minor, currency)}`;
}

/**
 * Hostile mode (POST /__sandbox/challenge-mode): the challenge page tries to escape its frame. Every attempt is
 * reported (in the page, by postMessage, and to /__sandbox/hostile-report) so a security test can assert they fail.
 */
function hostileScript(publicUrl: string): string {
  const report = JSON.stringify(`${publicUrl}/__sandbox/hostile-report`);
  const pwned = JSON.stringify(`${publicUrl}/__sandbox/pwned`);
  return `(function(){var r={};
try{r.parentDocument="READ:"+String(parent.document.title)}catch(e){r.parentDocument="blocked"}
try{r.cookie="READ:"+document.cookie}catch(e){r.cookie="blocked"}
try{localStorage.setItem("sandbox-hostile","1");r.localStorage="READ:"+localStorage.length}catch(e){r.localStorage="blocked"}
r.topNavigation="attempted";var el=document.getElementById("hostile-report");if(el)el.textContent=JSON.stringify(r);
try{parent.postMessage({sandboxHostileReport:r},"*")}catch(e){}
try{fetch(${report},{method:"POST",mode:"no-cors",headers:{"content-type":"text/plain"},body:JSON.stringify(r)})}catch(e){}
setTimeout(function(){try{window.top.location.href=${pwned}}catch(e){r.topNavigation="blocked";
if(el)el.textContent=JSON.stringify(r)}},300);})();`;
}

/** The bank's 3-D Secure screen: one labelled OTP field; posts to /payment/challenge/{trans_id}. */
export function challengePage(p: Payment, merchantName: string, publicUrl: string, hostile: boolean): string {
  const action = `${publicUrl}/payment/challenge/${encodeURIComponent(p.id)}`;
  const body = `<p class="brand">Sandbox Bank · 3-D Secure</p>
<h1>Verify your payment</h1>
<dl><dt>Merchant</dt><dd>${esc(merchantName)}</dd><dt>Amount</dt><dd><bdi dir="ltr">${esc(
    amountText(p.amountMinor, p.currency),
  )}</bdi></dd><dt>Card</dt><dd>${esc(p.card.brand)} ending <bdi dir="ltr">${esc(p.card.last4)}</bdi></dd></dl>
<form method="post" action="${esc(action)}" autocomplete="off">
<label for="otp">One-time password</label>
<input id="otp" name="otp" type="text" inputmode="numeric" autocomplete="one-time-code" required aria-describedby="otp-hint">
<p class="hint" id="otp-hint">Sandbox: 1234 approves</p>
<button type="submit">Verify</button></form>${hostile ? '<pre id="hostile-report" aria-live="polite"></pre>' : ""}`;
  return page("3-D Secure verification – Sandbox Bank", body, hostile ? hostileScript(publicUrl) : "");
}

/**
 * "Sending you on": a GET form to `target` with hidden fields (the target's own query is kept as hidden fields,
 * since a GET form replaces the query), auto-submitted by script, with a visible Continue button for no-JS.
 */
export function sendOnPage(target: string, fields: Record<string, string>, approved: boolean): string {
  let action = target;
  const hidden: Array<[string, string]> = [];
  try {
    const u = new URL(target);
    for (const [k, v] of u.searchParams) if (!(k in fields)) hidden.push([k, v]);
    u.search = "";
    u.hash = "";
    action = u.toString();
  } catch {
    // Not an absolute URL: submit to it as given.
  }
  hidden.push(...Object.entries(fields));
  const inputs = hidden.map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`).join("");
  const body = `<h1>${approved ? "Payment complete" : "Payment not completed"}</h1>
<p role="status">Sending you back to the merchant…</p>
<form id="send-on" method="get" action="${esc(action)}">${inputs}<button type="submit">Continue</button></form>`;
  return page(approved ? "Payment complete" : "Payment not completed", body, 'document.getElementById("send-on").submit();');
}

export function errorPage(title: string, message: string, code?: number): string {
  const body = `<h1>${esc(title)}</h1><p class="error" role="alert">${esc(message)}</p>${
    code ? `<p class="hint">Error code ${code}</p>` : ""
  }`;
  return page(title, body);
}

/** GET / : what this program is and the test cards (for people trying the dashboard). */
export function indexPage(publicUrl: string): string {
  const rows = [
    ["01/2038", "approved, no challenge"],
    ["02/2038", "declined"],
    ["03/2038", "authorized, any capture declined"],
    ["05/2038", "3-D Secure challenge, then approved (OTP 1234)"],
    ["06/2038", "3-D Secure challenge, then declined"],
  ]
    .map(([e, d]) => `<tr><td><bdi dir="ltr">${e}</bdi></td><td>${d}</td></tr>`)
    .join("");
  const body = `<h1>Sandbox payment gateway</h1>
<p>Form interface at <code>${esc(publicUrl)}/payment/…</code>, JSON interface at <code>${esc(publicUrl)}/api/v1/…</code>.</p>
<p>Test cards: 4111111111111111, 5123450000000008, 5111111111111118, 4508750015741019; any 3–4 digit CVV.</p>
<table><caption>Expiry decides the outcome</caption><thead><tr><th scope="col">Expiry</th><th scope="col">Outcome</th></tr></thead>
<tbody>${rows}</tbody></table>`;
  return page("Sandbox payment gateway", body);
}
