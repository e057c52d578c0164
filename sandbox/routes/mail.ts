// The local mail catcher's HTTP side: the web inbox for people (/mail, /mail/{id}) and the JSON endpoint for tests
// (GET /__sandbox/mail?to=…, DELETE /__sandbox/mail[?to=…]).
import type { Ctx, Deps } from "../context";
import { json, redirect, type Reply } from "../http-util";
import { inboxPage, mailPageReply, messagePage } from "../mail-pages";

function recipient(ctx: Ctx): string | undefined {
  return ctx.url.searchParams.get("to")?.trim() || undefined;
}

export function mailListJson(ctx: Ctx, deps: Deps): Reply {
  return json(200, { mails: deps.mail.list(recipient(ctx)) });
}

export function mailClearJson(ctx: Ctx, deps: Deps): Reply {
  return json(200, { deleted: deps.mail.clear(recipient(ctx)) });
}

export function inboxHandler(_ctx: Ctx, deps: Deps): Reply {
  return mailPageReply(200, "Mail inbox – Sandbox", inboxPage(deps.mail.list(), deps.mail.port));
}

export function messageHandler(ctx: Ctx, deps: Deps): Reply {
  const mail = deps.mail.get(ctx.params[0] ?? "");
  if (!mail)
    return mailPageReply(
      404,
      "Mail not found – Sandbox",
      `<h1>Mail not found</h1><p>It may have been deleted. <a href="/mail">Back to the inbox</a></p>`,
    );
  return mailPageReply(200, `${mail.subject || "(no subject)"} – Sandbox mail`, messagePage(mail));
}

/** The inbox's "Delete all mail" form; a form posted from another site (Origin not this host) is refused. */
export function inboxClearHandler(ctx: Ctx, deps: Deps): Reply {
  const origin = ctx.headers.origin;
  if (origin !== undefined && origin !== `http://${ctx.headers.host ?? ""}`) {
    return mailPageReply(
      403,
      "Refused – Sandbox",
      `<h1>Refused</h1><p>This form must be sent from the inbox itself. <a href="/mail">Back to the inbox</a></p>`,
    );
  }
  deps.mail.clear();
  return redirect("/mail");
}
