// The live sessions of one user as a table: browser in words, IP, first and last seen, the factor used, and "this
// browser" marked. Used by the Account page ("Where you're signed in") and the super-admin's user page, which adds
// an action per row.
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { LocalTime } from "@/components/ui/local-time";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import type { SessionView } from "@/lib/session-view";

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

const FACTORS: Record<string, string> = { totp: "Authenticator code", recovery_code: "Recovery code", passkey: "Passkey" };

export function SessionsTable({
  caption,
  sessions,
  action,
}: {
  caption: string;
  sessions: SessionRowView[];
  action?: (s: SessionRowView) => ReactNode;
}) {
  return (
    <Table caption={caption} captionHidden>
      <THead>
        <TR>
          <TH>Browser and IP address</TH>
          <TH>Signed in</TH>
          <TH>Last seen</TH>
          <TH>Second factor</TH>
          {action && (
            <TH>
              <span className="sr-only">Actions</span>
            </TH>
          )}
        </TR>
      </THead>
      <TBody>
        {sessions.map((s) => (
          <TR key={s.id}>
            <TD>
              <span className="font-medium" title={s.userAgent ?? undefined}>
                {s.browser}
              </span>
              {s.current && (
                <Badge tone="info" className="ms-2">
                  This browser
                </Badge>
              )}
              <span className="block text-xs text-slate-600">
                <bdi dir="ltr" className="font-mono">
                  {s.ip ?? "unknown"}
                </bdi>
              </span>
            </TD>
            <TD>
              <LocalTime iso={s.createdAt} />
            </TD>
            <TD>
              <LocalTime iso={s.lastSeenAt} />
            </TD>
            <TD>{s.factorKind ? (FACTORS[s.factorKind] ?? s.factorKind) : <span className="text-slate-500">None</span>}</TD>
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
