// A new card payment taken by staff: server-to-server sale (S2S) or the form interface (SALE, then the collector),
// the interface chosen here from what the payment asks (cardInterfaceOf: saving the card or starting recurring
// needs the form SALE), never by staff.
//  1. One transaction: the ledger payment (pending; payer fields; card BIN6, last 4, brand, expiry ONLY) and its
//     audit row. The card number and CVV are never stored, logged, audited or put in an error message.
//  2. The gateway call, outside any transaction.
//  3. One transaction: the outcome. Frictionless → authorized/captured/declined; a 3-D Secure page → awaiting_3ds
//     and the page kept for the frame (three-ds-views.ts); no answer → unknown (the reconciler settles it).
import "server-only";
import { appendAudit } from "../../../audit/audit-log";
import type { PaymentRow } from "../../../db/schema";
import { AppError } from "../../../errors";
import { advancePayment, insertPayment, lockPayment } from "../../../ledger/payments";
import { requirePermission } from "../../require-permission";
import type { ServiceContext, ServiceDeps } from "../../deps";
import { decimalToMinor, type CurrencyCode } from "@/lib/money";
import { billingAddressSchema, type BillingAddress } from "@/lib/schemas/billing-address";
import type { GatewayProfile } from "../../../gateway/profile";
import { checkPayerZip } from "../payer-zip";
import { cardBrandOf, cardDigits, cardInterfaceOf, type NewPaymentInput, type NewPaymentResult } from "@/lib/schemas/new-payment";
import { isMadaBin } from "@/lib/mada-bins";
import { storeThreeDsView } from "./three-ds-views";
import type { UiPrefs } from "@/lib/i18n/languages";
import { translatorFor } from "../../../i18n/translator";
import { returnUrl, s2sOutcome, transportOutcome, type Outcome } from "./card-payment-outcome";
import { vmsg } from "@/lib/schemas/messages";

export { returnUrl } from "./card-payment-outcome";
import { isUniqueViolation } from "../../../db/errors";
import { ipv4Of } from "@/lib/ip-address";
import { staffPayerIp } from "../payer-ip";
import { cardLabel } from "@/lib/card-label";
import { declineReasonText, type DeclineWords } from "@/lib/i18n/decline-reasons";
import { requireGatewayAmount } from "../amount";
import { guardCharge } from "../charge-guard";

async function formSale(
  deps: ServiceDeps,
  input: NewPaymentInput,
  address: BillingAddress,
  minor: number,
  paymentId: string,
  ip: string,
): Promise<Outcome> {
  const sale = await deps.gateway.sale({
    orderId: input.orderId,
    amount: { minor, currency: input.currency },
    description: input.description,
    payer: {
      firstName: input.firstName,
      lastName: input.lastName,
      address: address.address,
      country: address.country,
      city: address.city,
      zip: address.zip,
      email: input.email,
      phone: input.phone,
      ip,
    },
    card: { number: cardDigits(input.cardNumber), expMonth: input.expMonth, expYear: input.expYear, cvv: input.cvv },
    termUrl: returnUrl(deps.config.appUrl, "form", paymentId),
    auth: input.auth === "authorize",
    saveToken: input.saveCard ?? false,
    recurringInit: input.recurringInit ?? false,
  });
  if (sale.kind === "declined")
    return {
      patch: { status: "declined", declineReason: sale.declineReason.slice(0, 200) },
      html: null,
      result: "declined",
      message: { key: "declinedReason", reason: sale.declineReason },
    };
  if (sale.kind !== "success") return transportOutcome(sale);
  const gatewayId = sale.data.trans_id;
  const body = Array.isArray(sale.data.redirect_params) ? undefined : sale.data.redirect_params?.body;
  if (!body)
    return {
      patch: { status: "unknown", gatewayId },
      html: null,
      result: "no_redirect",
      message: { key: "unclear" },
    };
  const col = await deps.gateway.collector({ body, redirectUrl: sale.data.redirect_url });
  if (col.kind !== "success")
    return {
      patch: { status: "unknown", gatewayId },
      html: null,
      result: "collector_failed",
      message: { key: "cardPageFailed" },
    };
  // The collector's page (a challenge, or "sending you on") runs in the frame; the status query decides after it.
  return {
    patch: { status: "awaiting_3ds", gatewayId, gatewayStatus: "REDIRECT" },
    html: col.data.html,
    origin: col.data.origin,
    result: "customer_step",
    message: { key: "cardPage" },
  };
}

function billingAddressOf(input: NewPaymentInput, profile: GatewayProfile | undefined): BillingAddress {
  const r = billingAddressSchema.safeParse({ address: input.address, country: input.country, city: input.city, zip: input.zip });
  if (r.success) {
    checkPayerZip(r.data.zip, profile);
    return r.data;
  }
  const fields: Record<string, string[]> = {};
  for (const i of r.error.issues) (fields[i.path.join(".")] ??= []).push(i.message);
  throw new AppError("invalid_request", "payments.billingAddressNeeded", fields);
}

/** `prefs`: the reader's language for the sentence shown to staff (the route passes the request's). */
export async function createCardPayment(
  ctx: ServiceContext,
  input: NewPaymentInput,
  prefs: Pick<UiPrefs, "language" | "digits"> = { language: "en", digits: "latn" },
): Promise<NewPaymentResult> {
  const { deps, principal, ip } = ctx;
  requirePermission(principal, "PAYMENTS_CREATE");
  const minor = decimalToMinor(input.amount, input.currency as CurrencyCode);
  if (!minor || minor <= 0) throw new AppError("invalid_request", "payments.amountInvalid", { amount: [vmsg("amount.moreThanZero")] });
  requireGatewayAmount(deps, minor, input.currency);
  const digits = cardDigits(input.cardNumber);
  const card = {
    cardBin6: digits.slice(0, 6),
    cardLast4: digits.slice(-4),
    // mada cards carry VISA or Mastercard BINs: the BIN list tells them apart (the brand people see).
    cardBrand: isMadaBin(digits) ? "MADA" : cardBrandOf(digits),
    cardExpiry: `${input.expMonth}/${input.expYear}`,
  };
  // A phone or counter order: staff type the card, the customer is not at a checkout of their own.
  const { largeChargeConfirmed } = await guardCharge(ctx, {
    minor,
    currency: input.currency,
    card: cardLabel({ brand: card.cardBrand, last4: card.cardLast4 }),
  });
  const iface = cardInterfaceOf(input);
  const kind = iface === "s2s" ? "s2s_sale" : "sale";
  // The schema asked for it when the form interface is used; parsed again so a direct caller cannot skip it.
  const address = iface === "form" ? billingAddressOf(input, deps.config.gateway.profile) : null;
  // The payer's IP of a card entered by staff (a phone or counter order) is the staff member's request address: the
  // form SALE needs it in IPv4 and the payment is refused before anything is stored when there is none. The S2S sale
  // sends none; the address is kept for a later partial refund when it is IPv4.
  const payerIp = address ? staffPayerIp(ip) : ipv4Of(ip);

  let payment: PaymentRow;
  try {
    payment = await deps.db.transaction(async (tx) => {
      const now = deps.now();
      const row = await insertPayment(tx, {
        orderId: input.orderId,
        kind,
        intent: input.auth === "authorize" ? "authorize" : "sale",
        status: "pending",
        currency: input.currency,
        amountMinor: minor,
        description: input.description,
        payerName: `${input.firstName} ${input.lastName}`,
        payerEmail: input.email,
        payerPhone: input.phone,
        payerIp,
        ...(address
          ? { payerAddress: address.address, payerCity: address.city, payerZip: address.zip, payerCountry: address.country }
          : {}),
        ...card,
        createdBy: principal.userId,
        createdAt: now,
        updatedAt: now,
      });
      await appendAudit(tx, {
        actorId: principal.userId,
        actorEmail: principal.email,
        ip,
        action: "payment.create",
        targetType: "payment",
        targetId: row.id,
        at: now,
        summary: {
          kind,
          orderId: input.orderId,
          amountMinor: minor,
          currency: input.currency,
          auth: input.auth,
          cardBrand: card.cardBrand,
          cardLast4: card.cardLast4,
          ...(largeChargeConfirmed ? { largeChargeConfirmed } : {}),
          ...(address ? { saveCard: input.saveCard ?? false, recurringInit: input.recurringInit ?? false } : {}),
        },
      });
      return row;
    });
  } catch (e) {
    if (isUniqueViolation(e)) {
      throw new AppError("conflict", "payments.orderIdTakenChoose", { orderId: [vmsg("orderId.used")] });
    }
    throw e;
  }

  let outcome: Outcome;
  try {
    if (!address) {
      const back = returnUrl(deps.config.appUrl, "s2s", payment.id);
      const r = await deps.gateway.s2sSale({
        orderId: input.orderId,
        amount: { minor, currency: input.currency },
        auth: input.auth === "authorize",
        card: { number: digits, expMonth: input.expMonth, expYear: input.expYear, cvv: input.cvv },
        customer: { name: `${input.firstName} ${input.lastName}`, email: input.email, phone: input.phone },
        successUrl: back,
        failureUrl: back,
      });
      outcome = s2sOutcome(r, minor, input.auth === "authorize");
    } else {
      outcome = await formSale(deps, input, address, minor, payment.id, payerIp!);
    }
  } catch {
    // The client refused its input before sending (a programming error): nothing was sent. No details: they
    // could name card fields.
    outcome = {
      patch: { status: "failed" },
      html: null,
      result: "not_sent",
      message: { key: "notSent" },
    };
  }

  const recorded = await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const locked = (await lockPayment(tx, payment.id))!;
    const next = await advancePayment(tx, locked, outcome.patch, now);
    await appendAudit(tx, {
      actorId: principal.userId,
      actorEmail: principal.email,
      ip,
      action: "payment.gateway_result",
      targetType: "payment",
      targetId: payment.id,
      at: now,
      summary: { kind, orderId: input.orderId, result: outcome.result, status: next.status },
    });
    return next;
  });

  const threeDsViewId = outcome.html
    ? await storeThreeDsView(deps.db, {
        html: outcome.html,
        // The collector's origin for a form sale; the JSON interface's for an S2S sale's page.
        origin: outcome.origin ?? new URL(deps.config.gateway.apiUrl).origin,
        userId: principal.userId,
        paymentId: payment.id,
      })
    : null;
  return {
    paymentId: recorded.id,
    orderId: recorded.orderId,
    status: recorded.status,
    message: translatorFor(prefs, "newPayment")(`started.${outcome.message.key}`, {
      reason: outcome.message.reason
        ? declineReasonText(translatorFor(prefs, "vocab") as unknown as DeclineWords, outcome.message.reason)
        : "",
    }),
    currency: recorded.currency,
    amountMinor: recorded.amountMinor,
    card: { brand: recorded.cardBrand, last4: recorded.cardLast4 },
    threeDsViewId,
  };
}
