// Where a scheduled report may go without a second person: the merchant's own domains (REPORT_RECIPIENT_DOMAINS),
// or, when that is not set, the domains the dashboard's own users have their addresses at. A subdomain of an
// allowed domain is allowed (finance.merchant.sa under merchant.sa); anything else is an outside address, and
// business data goes there only once someone with REPORTS_APPROVE other than the schedule's owner has approved it.
import "server-only";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { rawRows } from "../../../db/raw-rows";
import { users } from "../../../db/schema";

/** The domain of an address, lower-cased (the part after the last "@"). */
export const domainOf = (address: string): string => address.slice(address.lastIndexOf("@") + 1).toLowerCase();

/** The allowed domains: the configured list, or the distinct domains of the users' addresses. */
export async function allowedRecipientDomains(db: Db | Tx, configured: readonly string[] | null): Promise<string[]> {
  if (configured) return [...configured];
  const rows = rawRows<{ domain: string }>(
    await db.execute(sql`select distinct lower(split_part(${users.email}, '@', 2)) as domain from ${users} order by 1`),
  );
  return rows.map((r) => r.domain).filter(Boolean);
}

/** Whether an address is at an allowed domain or one of its subdomains. */
export function isInsideAddress(address: string, allowed: readonly string[]): boolean {
  const domain = domainOf(address);
  return allowed.some((d) => domain === d || domain.endsWith(`.${d}`));
}

/** The recipients outside the allowed domains, in the schedule's order. */
export function outsideAddresses(recipients: readonly string[], allowed: readonly string[]): string[] {
  return recipients.filter((r) => !isInsideAddress(r, allowed));
}

/** Outside recipients that the schedule's approval does not cover (none: the run may mail everyone). */
export function unapprovedAddresses(
  schedule: { recipients: readonly string[]; outsideRecipients: readonly string[]; approval: string },
  allowed: readonly string[],
): string[] {
  const approved = schedule.approval === "approved" ? new Set(schedule.outsideRecipients) : new Set<string>();
  return outsideAddresses(schedule.recipients, allowed).filter((r) => !approved.has(r));
}
