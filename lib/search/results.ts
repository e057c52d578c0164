// What search from anywhere answers (GET /api/search, server/services/search/search-everywhere.ts): browser-safe
// types the header's popup and the search page render.
import type { Money } from "@/lib/money";
import type { LinkStatus } from "@/lib/payment-link-status";

/** Which reading of the text found a payment: the result says why it is there ("RRN", "Phone", …). */
export type MatchedBy = "id" | "order" | "rrn" | "last4" | "email" | "phone" | "amount" | "name";

export interface PaymentHit {
  id: string;
  orderId: string;
  status: string;
  kind: string;
  intent: string;
  amount: Money | null;
  payerName: string | null;
  payerEmail: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  createdAt: string;
  matchedBy: MatchedBy;
}

export interface CustomerHit {
  /** A payment id of the customer: the customer page's key (any of their payments resolves to them). */
  key: string;
  email: string;
  name: string | null;
  lastPaymentAt: string;
}

export interface LinkHit {
  paymentId: string;
  orderId: string;
  status: LinkStatus;
  amount: Money | null;
  customerName: string | null;
  createdAt: string;
}

export interface UserHit {
  id: string;
  name: string;
  email: string;
  /** 'invited' (no password chosen yet, as the users list says), 'active' or 'disabled'. */
  status: "invited" | "active" | "disabled";
}

export interface Group<T> {
  hits: T[];
  /** More than the hits shown match (the group's "See all" opens the full list). */
  more: boolean;
}

/** A group is absent when the searcher may not see it; present and empty when nothing matched. */
export interface SearchResults {
  /** The text as searched (trimmed, digits read); "" when it was too short to search. */
  text: string;
  payments?: Group<PaymentHit>;
  customers?: Group<CustomerHit>;
  links?: Group<LinkHit>;
  users?: Group<UserHit>;
}
