// The live sessions of one user as a table: browser in words, IP, first and last seen, the factor used, and "this
// browser" marked. Used by the Account page ("Where you're signed in") and the super-admin's user page, which adds
// an action per row.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { LocalTime } from "@/components/ui/local-time";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import type { SessionView } from "@/lib/session-view";
import { parseUserAgent } from "@/lib/user-agent";

export interface SessionRowView {
  id: string;
  browser: string;
  userAgent: string | null;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  factorKind: string | null;
  current: boolean;
}

const FACTORS = ["totp", "recovery_code", "passkey"] as const;
const isKnownFactor = (kind: string): kind is (typeof FACTORS)[number] => (FACTORS as readonly string[]).includes(kind);

export function SessionsTable({
  caption,
  sessions,
  action,
}: {
  caption: string;
  sessions: SessionRowView[];
  action?: (s: SessionRowView) => ReactNode;
}) {
  const t = useTranslations("account");
  // The browser in the reader's language around the product names ("Chrome on Linux", "Chrome على Linux").
  const browserOf = (s: SessionRowView): string => {
    const { browser, system } = parseUserAgent(s.userAgent);
    if (browser && system) return t("sessionsTable.browserOn", { browser, system });
    if (browser) return browser;
    return system ? t("sessionsTable.aBrowserOn", { system }) : t("sessionsTable.unknownBrowser");
  };
  return (
    <Table caption={caption} captionHidden>
      <THead>
        <TR>
          <TH>{t("sessionsTable.browser")}</TH>
          <TH>{t("sessionsTable.signedIn")}</TH>
          <TH>{t("sessionsTable.lastSeen")}</TH>
          <TH>{t("sessionsTable.factor")}</TH>
          {action && (
            <TH>
              <span className="sr-only">{t("sessionsTable.actions")}</span>
            </TH>
          )}
        </TR>
      </THead>
      <TBody>
        {sessions.map((s) => (
          <TR key={s.id}>
            <TD>
              <span className="font-medium" title={s.userAgent ?? undefined}>
                {browserOf(s)}
              </span>
              {s.current && (
                <Badge tone="info" className="ms-2">
                  {t("sessionsTable.thisBrowser")}
                </Badge>
              )}
              <span className="block text-xs text-slate-600">
                <bdi dir="ltr" className="font-mono">
                  {s.ip ?? t("sessionsTable.unknownIp")}
                </bdi>
              </span>
            </TD>
            {/* A date on one line where the screen has room ("7 Dec 2026, 17:40", not three stacked pieces). */}
            <TD className="sm:whitespace-nowrap">
              <LocalTime iso={s.createdAt} />
            </TD>
            <TD className="sm:whitespace-nowrap">
              <LocalTime iso={s.lastSeenAt} />
            </TD>
            <TD>
              {s.factorKind ? (
                isKnownFactor(s.factorKind) ? (
                  t(`sessionsTable.factors.${s.factorKind}`)
                ) : (
                  s.factorKind
                )
              ) : (
                <span className="text-slate-500">{t("sessionsTable.none")}</span>
              )}
            </TD>
            {action && <TD>{action(s)}</TD>}
          </TR>
        ))}
      </TBody>
    </Table>
  );
}

export function toSessionRowView(s: SessionView): SessionRowView {
  return { ...s, createdAt: s.createdAt.toISOString(), lastSeenAt: s.lastSeenAt.toISOString() };
}
