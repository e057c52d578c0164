// The security contact's copy of the audit trail's state (AUDIT_ANCHOR_MAIL_TO): after each daily full walk that
// verified, the signed chain head; and a broken trail as soon as a pass finds it, once for each break (a pass every
// 15 minutes must not mail the same break 96 times a day; a restarted process mails it once more). Written in the
// contact's language when the address is a dashboard user's, else English. The mail goes through the outbox, so a
// database rewrite within the outbox worker's poll could drop it: it is the third copy, after the anchor file and
// the JSON log, not the only one.
import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { enqueueMail } from "../mail/outbox";
import { auditBrokenMail, auditVerifiedMail, mailPrefsFor } from "../mail/templates";
import type { AnchorNotice } from "./anchor-pass";

export interface AnchorMailerDeps {
  db: Db;
  now: () => Date;
  config: { appUrl: string; auditChain: { mailTo: string | null } };
}

/** The notify function of the anchoring pass, or undefined when no security contact is configured. */
export function anchorMailer(deps: AnchorMailerDeps): ((notice: AnchorNotice) => Promise<void>) | undefined {
  const to = deps.config.auditChain.mailTo;
  if (!to) return undefined;
  let lastBreak: string | null = null;
  return async (notice) => {
    const [user] = await deps.db
      .select({ uiLanguage: users.uiLanguage, uiDigits: users.uiDigits })
      .from(users)
      .where(eq(users.email, to)) // stored lower-cased, as config lower-cases the address
      .limit(1);
    const prefs = mailPrefsFor(user ?? null);
    if (notice.kind === "broken") {
      const key = `${notice.reason}:${notice.at ?? ""}`;
      if (key === lastBreak) return;
      await enqueueMail(
        deps.db,
        to,
        auditBrokenMail(
          { reason: notice.reason, brokenAt: notice.at, at: deps.now(), auditUrl: `${deps.config.appUrl}/admin/audit` },
          prefs,
        ),
      );
      lastBreak = key;
      return;
    }
    lastBreak = null; // verified in full again (after a deliberate restore): the next break is news
    const a = notice.anchor;
    await enqueueMail(
      deps.db,
      to,
      auditVerifiedMail({ rows: a.count, lastId: a.lastId, at: new Date(a.at), line: JSON.stringify(a) }, prefs),
    );
  };
}
