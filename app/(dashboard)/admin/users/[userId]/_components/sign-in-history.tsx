// A user's sign-in history as a table: what happened (in words), when, from which IP, and the detail the row names
// (factor, failure reason, browser).
import { LocalTime } from "@/components/ui/local-time";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { Badge } from "@/components/ui/badge";
import type { BadgeTone } from "@/lib/tone";

export interface SignInEventView {
  id: number;
  at: string;
  action: string;
  ip: string | null;
  detail: string | null;
}

const EVENTS: Record<string, [string, BadgeTone]> = {
  "auth.sign_in": ["Signed in", "success"],
  "auth.sign_in_failed": ["Sign-in failed", "danger"],
  "auth.sign_in_throttled": ["Sign-in locked", "warning"],
  "auth.change_password_throttled": ["Password change locked", "warning"],
  "auth.sign_out": ["Signed out", "neutral"],
  "auth.sessions_ended": ["Sessions ended", "neutral"],
};

const DETAILS: Record<string, string> = {
  wrong_password: "Wrong password",
  unknown_account: "Unknown account",
  disabled: "Account disabled",
  totp: "Authenticator code",
  recovery_code: "Recovery code",
  passkey: "Passkey",
};

function describe(action: string): [string, BadgeTone] {
  return (
    EVENTS[action] ?? [
      action
        .replace(/^auth\./, "")
        .replaceAll("_", " ")
        .replace(/^./, (c) => c.toUpperCase()),
      "info",
    ]
  );
}

export function SignInHistory({ events }: { events: SignInEventView[] }) {
  if (events.length === 0) return <p className="px-5 py-4 text-sm text-slate-600">No sign-in recorded yet.</p>;
  return (
    <Table caption="Sign-in events" captionHidden>
      <THead>
        <TR>
          <TH>Event</TH>
          <TH>When</TH>
          <TH>IP address</TH>
          <TH>Detail</TH>
        </TR>
      </THead>
      <TBody>
        {events.map((e) => {
          const [label, tone] = describe(e.action);
          return (
            <TR key={e.id}>
              <TD>
                <Badge tone={tone}>{label}</Badge>
              </TD>
              <TD>
                <LocalTime iso={e.at} withSeconds />
              </TD>
              <TD>
                <bdi dir="ltr" className="font-mono text-xs">
                  {e.ip ?? "—"}
                </bdi>
              </TD>
              <TD className="max-w-80 truncate" title={e.detail ?? undefined}>
                {e.detail ? (DETAILS[e.detail] ?? e.detail) : <span className="text-slate-500">—</span>}
              </TD>
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}
