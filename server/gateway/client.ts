// The gateway client: one method per operation of contract section 4, plus VOID and the token sale of the
// protocol family. Inputs use app-level names and Money; each method validates its input with the operation's zod
// schema and REJECTS with a ZodError on invalid input (a programming error: the app's own schemas must catch bad user
// input first). Everything else, including every gateway and network failure, comes back as a GatewayResult.
import { logger as defaultLogger, type Logger } from "../log/logger";
import type { GatewayConfig } from "./config";
import { createTransport } from "./transport";
import type { GatewayCallRecorder } from "./result";
import { collector, sale, tokenSale } from "./operations/sale";
import { capture, voidAuthorization } from "./operations/capture";
import { partialRefund, refund } from "./operations/refund";
import { recurringSale, recurringV2 } from "./operations/recurring";
import { paymentStatus, savedCards, transactionDetails } from "./operations/queries";
import { initiateCheckout, s2sSale } from "./operations/checkout";
import { createRole, createUser, deletePartner, getRole, searchBranches, searchRoles, updateRole } from "./operations/admin";

export interface GatewayClientDeps {
  /** Receives one record per call (redacted); its failures are logged, never thrown. */
  recorder?: GatewayCallRecorder;
  logger?: Logger;
  /** Source of the backoff jitter (tests pin it). */
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** The wall clock of the overall deadline (tests drive it). */
  now?: () => number;
}

type Op<I, R> = (input: I) => R;
type Bound<F> = F extends (t: never, input: infer I) => infer R ? Op<I, R> : never;

export interface GatewayClient {
  sale: Bound<typeof sale>;
  tokenSale: Bound<typeof tokenSale>;
  collector: Op<Parameters<typeof collector>[2], ReturnType<typeof collector>>;
  capture: Bound<typeof capture>;
  voidAuthorization: Bound<typeof voidAuthorization>;
  /** CREDITVOID: full or partial refund on /payment/post. */
  refund: Bound<typeof refund>;
  partialRefund: Bound<typeof partialRefund>;
  recurringSale: Bound<typeof recurringSale>;
  paymentStatus: Bound<typeof paymentStatus>;
  savedCards: Bound<typeof savedCards>;
  initiateCheckout: Bound<typeof initiateCheckout>;
  s2sSale: Bound<typeof s2sSale>;
  recurringV2: Bound<typeof recurringV2>;
  transactionDetails: Bound<typeof transactionDetails>;
  createRole: Bound<typeof createRole>;
  updateRole: Bound<typeof updateRole>;
  getRole: Bound<typeof getRole>;
  searchRoles: (input?: Parameters<typeof searchRoles>[1]) => ReturnType<typeof searchRoles>;
  createUser: Bound<typeof createUser>;
  searchBranches: (input?: Parameters<typeof searchBranches>[1]) => ReturnType<typeof searchBranches>;
  deletePartner: Bound<typeof deletePartner>;
  /** Closes the connection pools. */
  close(): Promise<void>;
}

export function createGatewayClient(config: GatewayConfig, deps: GatewayClientDeps = {}): GatewayClient {
  const t = createTransport(config, deps);
  const log = deps.logger ?? defaultLogger;
  const collectorOrigins = { base: new URL(config.baseUrl).origin, others: config.collectorOrigins ?? [] };
  return {
    sale: (i) => sale(t, i),
    tokenSale: (i) => tokenSale(t, i),
    collector: (i) =>
      collector(t, collectorOrigins, i, (reason) => log.warn("gateway.collector_refused", { operation: "collector", reason })),
    capture: (i) => capture(t, i),
    voidAuthorization: (i) => voidAuthorization(t, i),
    refund: (i) => refund(t, i),
    partialRefund: (i) => partialRefund(t, i),
    recurringSale: (i) => recurringSale(t, i),
    paymentStatus: (i) => paymentStatus(t, i),
    savedCards: (i) => savedCards(t, i),
    initiateCheckout: (i) => initiateCheckout(t, i),
    s2sSale: (i) => s2sSale(t, i),
    recurringV2: (i) => recurringV2(t, i),
    transactionDetails: (i) => transactionDetails(t, i),
    createRole: (i) => createRole(t, i),
    updateRole: (i) => updateRole(t, i),
    getRole: (i) => getRole(t, i),
    searchRoles: (i) => searchRoles(t, i),
    createUser: (i) => createUser(t, i),
    searchBranches: (i) => searchBranches(t, i),
    deletePartner: (i) => deletePartner(t, i),
    close: () => t.close(),
  };
}

export type { GatewayConfig } from "./config";
export * from "./result";
export type { SaleInput, TokenSaleInput, SaleResponse, CollectorInput, CollectorResponse } from "./operations/sale";
export type { CaptureInput, CaptureResponse, VoidInput, VoidResponse } from "./operations/capture";
export type { RefundInput, PartialRefundInput, RefundResponse } from "./operations/refund";
export type { RecurringSaleInput, RecurringSaleResponse, RecurringV2Input, RecurringV2Response } from "./operations/recurring";
export type {
  PaymentStatusInput,
  PaymentStatusResponse,
  SavedCardsInput,
  SavedCard,
  TransactionDetailsInput,
  TransactionDetailsResponse,
  TransactionDetails,
} from "./operations/queries";
export type { InitiateCheckoutInput, InitiateCheckoutResponse, S2sSaleInput, S2sSaleResponse } from "./operations/checkout";
export type {
  Role,
  RoleInput,
  UpdateRoleInput,
  GetRoleInput,
  SearchRolesInput,
  RolePage,
  CreateUserInput,
  GatewayUser,
  SearchBranchesInput,
  Branch,
  BranchPage,
  DeletePartnerInput,
} from "./operations/admin";
