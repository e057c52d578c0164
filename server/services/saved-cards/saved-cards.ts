// Saved cards (contract 4.8): the cards the gateway keeps for a customer, and "Charge this card": a SALE with the
// saved card token (protocol family). The gateway matches exactly the payer e-mail of the payment that saved a card
// ("Noura@x.com" is not "noura@x.com"); staff look up case-insensitively, like the transactions filter: the ledger
// knows which spellings of the e-mail were used, and each spelling is asked for.
import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { BillingAddress } from "@/lib/schemas/billing-address";
import type { PayerContact } from "@/lib/schemas/payer";
import { vmsg } from "@/lib/schemas/messages";
import type { SavedCardView, SavedCardsLookup, SavedCardsView, TokenChargeInput } from "@/lib/schemas/saved-cards";
import { money, type CurrencyCode } from "@/lib/money";
import { payments } from "../../db/schema";
import type { SavedCard } from "../../gateway/client";
import { AppError } from "../../errors";
import type { ServiceContext, ServiceDeps } from "../deps";
import { amountInCurrency } from "../payments/amount";
import { returnUrl } from "../payments/new/create-card-payment";
import { requirePermission } from "../require-permission";
import { customerKeyOf } from "../customers/customer-key";
import { emailSpellings, sameEmail } from "../customers/same-email";
import { runNewCharge, type NewChargeResult } from "./new-charge";
import { checkPayerZip } from "../payments/payer-zip";
import { ipv4Of } from "@/lib/ip-address";
import { staffPayerIp } from "../payments/payer-ip";

function viewOf(c: SavedCard, reference: string): SavedCardView {
  return {
    customerReference: reference,
    cardToken: c.cardToken,
    maskedCardNumber: c.maskedCardNumber,
    last4: /\d{4}$/.exec(c.maskedCardNumber)?.[0] ?? null,
    brand: c.cardBrand ?? null,
    expiry: `${c.expiryMonth}/${c.expiryYear}`,
    active: c.isActive,
  };
}

async function cardsOf(deps: ServiceDeps, email: string): Promise<SavedCard[]> {
  const r = await deps.gateway.savedCards({ customerReference: email });
  if (r.kind === "success") return r.data;
  if (r.kind === "transport") throw new AppError("gateway_unavailable", "savedCards.gatewayUnreachable");
  throw new AppError("gateway_error", "savedCards.lookupRefused");
}

/** The cards the gateway keeps under any of these exact references, each once (by token), with its reference. */
export async function savedCardsOf(deps: ServiceDeps, references: string[]): Promise<SavedCardView[]> {
  const found = await Promise.all(references.map(async (ref) => ({ ref, cards: await cardsOf(deps, ref) })));
  const seen = new Map<string, SavedCardView>();
  for (const { ref, cards } of found) for (const c of cards) if (!seen.has(c.cardToken)) seen.set(c.cardToken, viewOf(c, ref));
  return [...seen.values()];
}

/** The customer's saved cards under the e-mail in any case (each spelling the ledger knows is asked for). */
export async function listSavedCards(ctx: ServiceContext, input: SavedCardsLookup): Promise<SavedCardView[]> {
  const { deps, principal } = ctx;
  requirePermission(principal, "SAVED_CARDS_VIEW");
  return savedCardsOf(deps, await emailSpellings(deps, input.email));
}

const digits = (s: string) => s.replace(/\D/g, "");

/** The name and phone of the customer's latest payment that recorded them, split as the SALE sends a name. */
export async function latestPayerContact(deps: ServiceDeps, email: string): Promise<PayerContact | null> {
  const [last] = await deps.db
    .select({ name: payments.payerName, phone: payments.payerPhone })
    .from(payments)
    .where(and(sameEmail(email), isNotNull(payments.payerName), isNotNull(payments.payerPhone)))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!last?.name?.trim() || !last.phone?.trim()) return null;
  const [firstName = "", ...rest] = last.name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(" "), phone: last.phone.trim() };
}

/**
 * Payer fields the token sale needs: the name and phone staff confirmed in the dialog, else those of the customer's
 * latest payment; the billing address as given; and the payer's IPv4 address: the customer's own from their latest
 * payment when the ledger has one, else the staff member's who starts the charge (staffPayerIp: refused without an
 * IPv4 address). Nothing is made up: without a name or phone from either, the charge is refused, naming the fields.
 */
async function payerOf(deps: ServiceDeps, input: TokenChargeInput, address: BillingAddress, ip: string | null) {
  const known = await latestPayerContact(deps, input.email);
  const contact = {
    firstName: input.firstName || known?.firstName || "",
    lastName: input.lastName || known?.lastName || "",
    phone: input.phone || known?.phone || "",
  };
  const missing = (Object.keys(contact) as Array<keyof typeof contact>).filter((k) => !contact[k]);
  if (missing.length) {
    const words = { firstName: "payment.firstName", lastName: "payment.lastName", phone: "phone.withCode500" } as const;
    throw new AppError("invalid_request", "savedCards.payerDetailsNeeded", Object.fromEntries(missing.map((k) => [k, [vmsg(words[k])]])));
  }
  const [last] = await deps.db
    .select({ ip: payments.payerIp })
    .from(payments)
    .where(and(sameEmail(input.email), isNotNull(payments.payerIp)))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return { ...contact, ...address, email: input.email, ip: ipv4Of(last?.ip) ?? staffPayerIp(ip) };
}

/** The billing address of the customer's latest payment that had one (a form sale or a link with an address). */
export async function latestBillingAddress(deps: ServiceDeps, email: string): Promise<BillingAddress | null> {
  const [row] = await deps.db
    .select({ address: payments.payerAddress, city: payments.payerCity, zip: payments.payerZip, country: payments.payerCountry })
    .from(payments)
    .where(
      and(
        sameEmail(email),
        isNotNull(payments.payerAddress),
        isNotNull(payments.payerCity),
        isNotNull(payments.payerZip),
        isNotNull(payments.payerCountry),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row ? { address: row.address!, city: row.city!, zip: row.zip!, country: row.country! } : null;
}

/** The lookup: the customer's saved cards, the billing address to suggest for a charge, the customer page's key. */
export async function lookupSavedCards(ctx: ServiceContext, input: SavedCardsLookup): Promise<SavedCardsView> {
  const { deps, principal } = ctx;
  const cards = await listSavedCards(ctx, input);
  return {
    cards,
    billingAddress: cards.length ? await latestBillingAddress(deps, input.email) : null,
    payer: cards.length ? await latestPayerContact(deps, input.email) : null,
    customerKey: principal.permissions.has("TRANSACTIONS_VIEW") ? await customerKeyOf(deps, input.email) : null,
  };
}

export async function chargeSavedCard(ctx: ServiceContext, input: TokenChargeInput): Promise<NewChargeResult> {
  const { deps, principal, ip } = ctx;
  requirePermission(principal, "PAYMENTS_CREATE");
  requirePermission(principal, "SAVED_CARDS_VIEW");
  const amountMinor = amountInCurrency(input.amount, input.currency);
  const values = {
    orderId: input.orderId,
    kind: "token_sale",
    status: "pending",
    currency: input.currency,
    amountMinor,
    description: input.description,
    payerEmail: input.email,
    payerAddress: input.address,
    payerCity: input.city,
    payerZip: input.zip,
    payerCountry: input.country,
    cardToken: input.cardToken,
    parentPaymentId: null,
  };
  const sameRequest = (p: typeof payments.$inferSelect) =>
    p.kind === "token_sale" &&
    p.payerEmail === input.email &&
    p.cardToken === input.cardToken &&
    p.amountMinor === amountMinor &&
    p.currency === input.currency &&
    p.description === input.description;

  // A replay answers before the card is looked up again (the card may have been deactivated since).
  const existing = await deps.db.select().from(payments).where(eq(payments.orderId, input.orderId)).limit(1);
  let card: SavedCard | undefined;
  if (!existing[0]) {
    card = (await cardsOf(deps, input.email)).find((c) => c.cardToken === input.cardToken);
    if (!card) throw new AppError("not_found", "savedCards.notSaved");
    if (!card.isActive) throw new AppError("conflict", "savedCards.inactive");
  }
  const masked = card?.maskedCardNumber ?? "";
  const billing = { address: input.address, city: input.city, zip: input.zip, country: input.country };
  checkPayerZip(billing.zip, deps.config.gateway.profile);
  const payer = await payerOf(deps, input, billing, ip);
  return runNewCharge(ctx, {
    auditAction: "token_sale",
    operation: "token_sale",
    idempotencyKey: input.idempotencyKey,
    values: {
      ...values,
      payerName: `${payer.firstName} ${payer.lastName}`,
      payerPhone: payer.phone,
      // Kept for a later partial refund (4.5 sends the payer's IPv4 address).
      payerIp: payer.ip,
      cardBin6: digits(masked).length >= 6 ? digits(masked).slice(0, 6) : null,
      cardLast4: digits(masked).length >= 4 ? digits(masked).slice(-4) : null,
      cardBrand: card?.cardBrand ?? null,
      cardExpiry: card ? `${card.expiryMonth}/${card.expiryYear}` : null,
    },
    sameRequest,
    send: (started) =>
      deps.gateway.tokenSale({
        orderId: input.orderId,
        amount: money(amountMinor, input.currency as CurrencyCode),
        description: input.description,
        payer,
        termUrl: returnUrl(deps.config.appUrl, "token", started.id),
        auth: false,
        cardToken: input.cardToken,
      }),
    gatewayIdOf: (d) => (typeof d.trans_id === "string" ? d.trans_id : null),
    // The customer answers the bank's challenge in the dashboard's sandboxed frame, as for a new card sale.
    customerPage: async (d) => {
      const params = d.redirect_params;
      const body = params && typeof params === "object" && !Array.isArray(params) ? (params as { body?: unknown }).body : undefined;
      if (typeof body !== "string" || !body) return null;
      const col = await deps.gateway.collector({ body, redirectUrl: typeof d.redirect_url === "string" ? d.redirect_url : undefined });
      return col.kind === "success" ? { html: col.data.html, origin: col.data.origin } : null;
    },
  });
}
