// Shapes of the sandbox gateway's state: payments, refunds, tokens, checkout sessions and the admin records.
// Everything is plain JSON (records, arrays, numbers) so that the state file round-trips without conversion.
// Money is always integer minor units of `currency`.
import type { CaughtMail } from "./mail-catcher";
import type { Currency } from "./amounts";

export type OperationName =
  | "sale"
  | "collector"
  | "challenge"
  | "capture"
  | "creditvoid"
  | "void"
  | "recurring_sale"
  | "partial_refund"
  | "status"
  | "saved_cards"
  | "initiate"
  | "hosted_page"
  | "s2s_sale"
  | "recurring_v2"
  | "transaction_details"
  | "role_create"
  | "role_update"
  | "role_get"
  | "role_search"
  | "user_create"
  | "branch_search"
  | "partner_delete";

/** redirect: waiting for the customer (collector or 3-D Secure); pending: authorized, not captured. */
export type PaymentState = "redirect" | "pending" | "settled" | "refunded" | "voided" | "declined";

/** How the payment was made: form SALE with card data or a saved card token, S2S, hosted page, recurring. */
export type PaymentKind = "form" | "token" | "s2s" | "hosted" | "recurring" | "recurring_v2";

/** What the test card's expiry decides (see cards.ts). */
export type CardOutcome = "approve" | "decline" | "capture_declines" | "challenge_approve" | "challenge_decline";

export type CardBrand = "VISA" | "MASTERCARD" | "UNKNOWN";

/** The card as the sandbox keeps it: never the full number or the CVV. */
export interface CardInfo {
  bin6: string;
  last4: string;
  length: number;
  brand: CardBrand;
  expMonth: string; // MM
  expYear: string; // YYYY
  holder: string;
  outcome: CardOutcome;
  /** Set when the card is refused whatever happens (not enrolled, wrong expiry for a test card, 02/2038). */
  declineReason: string | null;
}

export interface Payer {
  email: string;
  name: string;
  phone: string;
  ip: string | null;
}

export interface Refund {
  paymentId: string;
  amountMinor: number;
  via: "creditvoid" | "partial_refund";
  createdAt: number;
}

export interface Payment {
  id: string;
  kind: PaymentKind;
  orderId: string;
  description: string;
  currency: Currency;
  amountMinor: number;
  capturedMinor: number;
  refundedMinor: number;
  state: PaymentState;
  /** While state is "redirect": waiting for the collector call, or for the 3-D Secure answer. */
  stage: "collector" | "challenge" | null;
  auth: boolean;
  recurringInit: boolean;
  saveToken: boolean;
  card: CardInfo;
  payer: Payer;
  termUrl: string | null;
  successUrl: string | null;
  failureUrl: string | null;
  sessionId: string | null;
  collectorBody: string | null;
  /** Set at creation by the decline-next control; applied when the payment is decided. */
  forcedDecline: string | null;
  declineReason: string | null;
  rrn: string | null;
  approvalCode: string | null;
  acquirerPaymentId: string;
  /** Tokens this payment produced (recurring_init=Y / save_token=Y) or used. */
  recurringToken: string | null;
  cardToken: string | null;
  usedToken: string | null;
  firstTransId: string | null;
  merchantTransactionId: string | null;
  refunds: Refund[];
  /** When the money was captured (a sale's decision, or the CAPTURE): the day its settlement line falls on. */
  capturedAt?: number;
  createdAt: number;
  updatedAt: number;
  finishedAt: number | null;
}

export interface SavedCard {
  id: number;
  merchantId: string;
  customerReference: string;
  cardToken: string;
  card: CardInfo;
  isActive: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface RecurringToken {
  token: string;
  firstTransId: string;
  active: boolean;
  createdAt: number;
}

export interface CheckoutSession {
  id: string;
  orderId: string;
  currency: Currency;
  amountMinor: number;
  customer: { name: string; email: string; phone: string };
  auth: boolean;
  recurringInit: boolean;
  successUrl: string;
  failureUrl: string;
  issueDate: string; // YYYY-MM-DD
  expireDate: string; // YYYY-MM-DD
  paidPaymentId: string | null;
  paymentIds: string[];
  createdAt: number;
}

export interface Role {
  id: string;
  name: string;
  description: string;
  businessUnitId: string;
  permissions: string[];
  createdBy: string | null;
  updatedBy: string | null;
  createdTimestamp: string;
  updatedTimestamp: string;
}

export interface User {
  id: string;
  email: string;
  businessUnitId: string;
  roles: string[];
  permissions: string[];
  userType: "USER" | "SUPER_ADMIN";
  phoneNumber: string;
  createdAt: number;
}

export interface Branch {
  id: string;
  name: string;
  nameAR: string;
  businessUnitId: string;
  address: string;
  countryCode: string;
  cityId: number;
  active: boolean;
}

export interface Partner {
  id: string;
  name: string;
}

export interface DeclineRule {
  count: number;
  reason: string;
}

export interface StateData {
  version: 1;
  payments: Record<string, Payment>;
  savedCards: SavedCard[];
  nextSavedCardId: number;
  recurringTokens: Record<string, RecurringToken>;
  sessions: Record<string, CheckoutSession>;
  roles: Record<string, Role>;
  users: Record<string, User>;
  branches: Branch[];
  partners: Record<string, Partner>;
  declineNext: Record<string, DeclineRule>;
  challengeMode: "normal" | "hostile" | "acs";
  /** The local mail catcher's inbox, oldest first (kept with the state so a restart keeps unread invitations). */
  mails?: CaughtMail[];
}
