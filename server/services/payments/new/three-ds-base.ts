// The 3-D Secure page is the gateway's, but the dashboard serves it (from /api/payments/three-ds/:id): its relative
// URLs would resolve against the dashboard. A <base> naming the origin the page came from (the collector's, or the
// JSON interface's for an S2S sale) makes them resolve where the gateway meant. A page that sets its own <base> keeps
// it (the view's CSP admits only the gateway's origins in base-uri). Pure: tested directly.

/** The page with `<base href="{origin}/">` as the first element of its head (one is added when it has none). */
export function withGatewayBase(html: string, origin: string): string {
  if (/<base[\s>]/i.test(html)) return html;
  const tag = `<base href="${origin.replace(/["<>&]/g, "")}/">`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + tag + html.slice(head.index + head[0].length);
  const htmlTag = /<html(\s[^>]*)?>/i.exec(html);
  if (htmlTag)
    return html.slice(0, htmlTag.index + htmlTag[0].length) + `<head>${tag}</head>` + html.slice(htmlTag.index + htmlTag[0].length);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  return doctype ? doctype[0] + tag + html.slice(doctype[0].length) : tag + html;
}
