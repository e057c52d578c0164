// The payment links for the list page: each with the status staff see (waiting / paid / expired), computed from
// the ledger payment (paid once authorized or captured) and the link's expiry date.
import "server-only";
import { isCurrencyCode, type Money } from "@/lib/money";
import { linkStatus, type LinkStatus } from "@/lib/payment-link-status";
import { todayInZone } from "@/lib/transactions/zoned-time";
import type { AppConfig } from "../../../config";
import type { ServiceContext, ServiceDeps } from "../../deps";
import { requirePermission } from "../../require-permission";
import { defaultLinkDescription } from "./create-link";
import { dbLinkStore, type LinkStore } from "./link-store";

export interface LinkView {
  paymentId: string;
  orderId: string;
  /** The product line staff gave (null for links made before descriptions existed or without one). */
  description: string | null;
  status: LinkStatus;
  paymentStatus: string;
  amount: Money | null;
  customerName: string | null;
  customerEmail: string | null;
  url: string | null;
  issueDate: string | null;
  expireDate: string | null;
  createdAt: string;
  /** Why the link was not created (gateway refusal), when it was not. */
  problem: string | null;
}

export async function listPaymentLinks(
  ctx: ServiceContext<Pick<ServiceDeps, "db" | "now"> & { config: Pick<AppConfig, "reportTimeZone"> }>,
  opts: { limit?: number; store?: LinkStore } = {},
): Promise<LinkView[]> {
  const { deps, principal } = ctx;
  requirePermission(principal, "PAYMENTS_CREATE");
  const today = todayInZone(deps.config.reportTimeZone, deps.now());
  const rows = await (opts.store ?? dbLinkStore).list(deps.db, Math.min(opts.limit ?? 100, 500));
  return rows.map(({ payment: p, link }) => ({
    paymentId: p.id,
    orderId: p.orderId,
    description: p.description && p.description !== defaultLinkDescription(p.orderId) ? p.description : null,
    status: linkStatus(p.status, link?.expireDate ?? null, today, Boolean(link?.cancelledAt)),
    paymentStatus: p.status,
    amount: isCurrencyCode(p.currency) ? { minor: p.amountMinor, currency: p.currency } : null,
    customerName: p.payerName,
    customerEmail: p.payerEmail,
    url: link?.url ?? null,
    issueDate: link?.issueDate ?? null,
    expireDate: link?.expireDate ?? null,
    createdAt: p.createdAt.toISOString(),
    problem: p.status === "failed" && !link?.cancelledAt ? p.declineReason : null,
  }));
}
