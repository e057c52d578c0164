// A new user's invitation: a one-time set-password link whose only copy goes to the user's own address through the
// mail outbox, written in the caller's transaction (never shown to whoever created the account, so nobody can
// open an account they made for someone else). Issuing a link voids every earlier unused link of the same user.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Tx } from "../../../db/client";
import { passwordTokens } from "../../../db/schema";
import { enqueueMail } from "../../../mail/outbox";
import { invitationMail, mailPrefsFor, type MailPrefs } from "../../../mail/templates";
import type { SavedUiPrefs } from "../../../auth/principal";
import type { ServiceContext, ServiceDeps } from "../../deps";

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new one-time link (only its hash is stored); every earlier unused link of the user is voided first. */
export async function issuePasswordLink(
  deps: ServiceDeps,
  tx: Tx,
  userId: string,
  createdBy: string | null,
  kind: "invite" | "reset" = "invite",
) {
  const now = deps.now();
  await tx
    .update(passwordTokens)
    .set({ voidedAt: now })
    .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt), isNull(passwordTokens.voidedAt)));
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + deps.config.setPasswordLinkMs);
  await tx.insert(passwordTokens).values({ userId, tokenHash: hashToken(token), createdBy, expiresAt, kind });
  return { url: `${deps.config.appUrl}/set-password?token=${token}`, expiresAt };
}

/** Issue the link and queue the invitation mail to the user, in the caller's transaction. Returns when it expires. */
/**
 * The words of a mail to someone who has not chosen a language (a new user, a reset): the acting person's saved
 * language, else the one they read the dashboard in on this request (cookie, Accept-Language), else English.
 */
export async function senderPrefs(ctx: Pick<ServiceContext, "principal" | "readerPrefs">): Promise<MailPrefs | null> {
  const saved: SavedUiPrefs | undefined = ctx.principal.uiPrefs;
  if (saved?.language) return { language: saved.language, digits: saved.digits };
  return (await ctx.readerPrefs?.()) ?? null;
}

export async function sendInvitation(
  deps: ServiceDeps,
  tx: Tx,
  user: { id: string; email: string; name: string; uiLanguage?: string | null; uiDigits?: string | null },
  /** The inviter. */
  invitedBy: { userId: string; name: string; email: string },
  /** The mail's language when the invited user has none (senderPrefs). */
  fallback: MailPrefs | null,
): Promise<{ expiresAt: Date }> {
  const link = await issuePasswordLink(deps, tx, user.id, invitedBy.userId);
  await enqueueMail(
    tx,
    user.email,
    invitationMail(
      { name: user.name, url: link.url, expiresAt: link.expiresAt, invitedBy: invitedBy.name || invitedBy.email },
      mailPrefsFor(user, fallback),
    ),
  );
  return { expiresAt: link.expiresAt };
}
