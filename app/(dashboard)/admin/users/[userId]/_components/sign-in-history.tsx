// A user's sign-in history as a table: what happened (in words), when, from which IP, and the detail the row names
// (factor, failure reason, browser).
import { getTranslations } from "next-intl/server";
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

/** Each known event's tone; its words are in the users catalog (users.history.events). */
const EVENTS = {
  sign_in: "success",
  sign_in_failed: "danger",
  sign_in_throttled: "warning",
  change_password_throttled: "warning",
  sign_out: "neutral",
  sessions_ended: "neutral",
} as const satisfies Record<string, BadgeTone>;
type KnownEvent = keyof typeof EVENTS;

const DETAILS = ["wrong_password", "unknown_account", "disabled", "totp", "recovery_code", "passkey"] as const;
type KnownDetail = (typeof DETAILS)[number];
const isDetail = (d: string): d is KnownDetail => (DETAILS as readonly string[]).includes(d);

export async function SignInHistory({ events }: { events: SignInEventView[] }) {
  const t = await getTranslations("users.history");
  const describe = (action: string): [string, BadgeTone] => {
    const key = action.replace(/^auth\./, "");
    if (key in EVENTS) return [t(`events.${key as KnownEvent}`), EVENTS[key as KnownEvent]];
    // An event without its own words: its code, readable (it is rare and never hidden).
    return [key.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase()), "info"];
  };
  if (events.length === 0) return <p className="px-5 py-4 text-sm text-slate-600">{t("none")}</p>;
  return (
    <Table caption={t("caption")} captionHidden>
      <THead>
        <TR>
          <TH>{t("event")}</TH>
          <TH>{t("when")}</TH>
          <TH>{t("ip")}</TH>
          <TH>{t("detail")}</TH>
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
                {e.detail ? isDetail(e.detail) ? t(`details.${e.detail}`) : e.detail : <span className="text-slate-500">—</span>}
              </TD>
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}
