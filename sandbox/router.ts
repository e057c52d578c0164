// The sandbox's route table: method + path pattern → operation name (for faults and the log), required API-key
// access levels (contract 5.3), and handler.
import type { AccessLevel } from "./defaults";
import type { Handler } from "./context";
import { htmlReply, type Fields } from "./http-util";
import { indexPage } from "./pages";
import { branchSearchHandler, partnerDeleteHandler, userCreateHandler } from "./routes/admin";
import { challengeHandler, collectorHandler } from "./routes/collector";
import {
  acsBadge,
  acsLogClear,
  acsLogList,
  callbacksList,
  settlementFile,
  challengeMode,
  deactivateToken,
  declineNext,
  faultsAdd,
  faultsClear,
  faultsHeld,
  faultsRelease,
  faultsList,
  health,
  hostileReportAdd,
  hostileReportList,
  pwnedPage,
  resetHandler,
} from "./routes/control";
import { inboxClearHandler, inboxHandler, mailClearJson, mailListJson, messageHandler } from "./routes/mail";
import { formAccepts, formOperation, formPostHandler } from "./routes/form-post";
import { checkoutPageHandler, checkoutPayHandler, initiateHandler } from "./routes/hosted";
import { recurringV2Handler } from "./routes/recurring";
import { partialRefundHandler, savedCardsHandler, statusHandler } from "./routes/refund-status";
import { roleCreateHandler, roleGetHandler, roleSearchHandler, roleUpdateHandler } from "./routes/roles";
import { detailsHandler, s2sSaleHandler } from "./routes/s2s";
import type { OperationName } from "./types";

export interface Route {
  method: string;
  pattern: RegExp;
  op: OperationName | ((fields: Fields) => OperationName | null) | null;
  handler: Handler;
  /**
   * The request content types the gateway takes here (multipart/form-data, urlencoded, JSON); any other is refused
   * with 415, as the gateway does. Absent: not checked (sandbox control, browser pages, GET).
   */
  accepts?: readonly BodyKind[] | ((fields: Fields) => readonly BodyKind[]);
  /** Present on the JSON interface: X-API-KEY required; "any" = every valid key. */
  access?: "any" | readonly AccessLevel[];
}

export type BodyKind = "multipart" | "urlencoded" | "json";
const JSON_ONLY = ["json"] as const;

const ALL_LEVELS: readonly AccessLevel[] = ["SUPER_ADMIN", "PARTNER", "MERCHANT", "BRANCH"];
const ID = "([^/]+)";

export const ROUTES: readonly Route[] = [
  // Form interface ("base_url").
  { method: "POST", pattern: /^\/payment\/post$/, op: formOperation, handler: formPostHandler, accepts: formAccepts },
  { method: "POST", pattern: new RegExp(`^/collector/${ID}$`), op: "collector", handler: collectorHandler, accepts: JSON_ONLY },
  // Contract 4.2 names /payment/Collector; protocol family uses /collector/{trans_id}: accept both, any case.
  { method: "POST", pattern: /^\/payment\/collector(?:\/([^/]+))?$/i, op: "collector", handler: collectorHandler, accepts: JSON_ONLY },
  { method: "POST", pattern: new RegExp(`^/payment/challenge/${ID}$`), op: "challenge", handler: challengeHandler },
  { method: "POST", pattern: /^\/payment\/refund$/, op: "partial_refund", handler: partialRefundHandler, accepts: JSON_ONLY },
  { method: "POST", pattern: /^\/payment\/status$/, op: "status", handler: statusHandler, accepts: JSON_ONLY },
  { method: "GET", pattern: /^\/payment\/saved-cards$/, op: "saved_cards", handler: savedCardsHandler },
  // Hosted payment page.
  { method: "GET", pattern: /^\/checkout$/, op: "hosted_page", handler: checkoutPageHandler },
  { method: "POST", pattern: /^\/checkout$/, op: "hosted_page", handler: checkoutPayHandler },
  // JSON interface ("gateway_url").
  {
    method: "POST",
    pattern: /^\/api\/v1\/payment-gateway\/initiate$/,
    op: "initiate",
    handler: initiateHandler,
    accepts: JSON_ONLY,
    access: "any",
  },
  {
    method: "POST",
    pattern: /^\/api\/v1\/payment-gateway\/s2s\/sale$/,
    op: "s2s_sale",
    handler: s2sSaleHandler,
    accepts: JSON_ONLY,
    access: "any",
  },
  {
    method: "POST",
    pattern: /^\/api\/v2\/payment-gateway\/recurring$/,
    op: "recurring_v2",
    handler: recurringV2Handler,
    accepts: JSON_ONLY,
    access: "any",
  },
  {
    method: "GET",
    pattern: new RegExp(`^/api/v1/transactions/${ID}/details$`),
    op: "transaction_details",
    handler: detailsHandler,
    access: "any",
  },
  {
    method: "POST",
    pattern: /^\/api\/v1\/roles\/role$/,
    op: "role_create",
    handler: roleCreateHandler,
    accepts: JSON_ONLY,
    access: ALL_LEVELS,
  },
  {
    method: "PUT",
    pattern: new RegExp(`^/api/v1/roles/role/${ID}$`),
    op: "role_update",
    handler: roleUpdateHandler,
    accepts: JSON_ONLY,
    access: ALL_LEVELS,
  },
  { method: "GET", pattern: new RegExp(`^/api/v1/roles/role/${ID}$`), op: "role_get", handler: roleGetHandler, access: ALL_LEVELS },
  { method: "GET", pattern: /^\/api\/v1\/roles\/search$/, op: "role_search", handler: roleSearchHandler, access: ALL_LEVELS },
  { method: "POST", pattern: /^\/api\/v1\/users\/user$/, op: "user_create", handler: userCreateHandler, accepts: JSON_ONLY, access: "any" },
  {
    method: "GET",
    pattern: /^\/api\/v1\/branches\/search$/,
    op: "branch_search",
    handler: branchSearchHandler,
    access: ["SUPER_ADMIN", "PARTNER", "MERCHANT"],
  },
  {
    method: "DELETE",
    pattern: new RegExp(`^/api/v1/partner/${ID}$`),
    op: "partner_delete",
    handler: partnerDeleteHandler,
    access: ["SUPER_ADMIN", "PARTNER"],
  },
  // Sandbox control (no operation name: faults never apply to it).
  { method: "POST", pattern: /^\/__sandbox\/faults$/, op: null, handler: faultsAdd },
  { method: "GET", pattern: /^\/__sandbox\/faults$/, op: null, handler: faultsList },
  { method: "DELETE", pattern: /^\/__sandbox\/faults$/, op: null, handler: faultsClear },
  { method: "POST", pattern: /^\/__sandbox\/faults\/release$/, op: null, handler: faultsRelease },
  { method: "GET", pattern: /^\/__sandbox\/faults\/held$/, op: null, handler: faultsHeld },
  { method: "POST", pattern: /^\/__sandbox\/decline-next$/, op: null, handler: declineNext },
  { method: "POST", pattern: /^\/__sandbox\/challenge-mode$/, op: null, handler: challengeMode },
  { method: "GET", pattern: /^\/__sandbox\/acs-log$/, op: null, handler: acsLogList },
  { method: "DELETE", pattern: /^\/__sandbox\/acs-log$/, op: null, handler: acsLogClear },
  { method: "GET", pattern: /^\/payment\/acs-badge\.svg$/, op: null, handler: acsBadge },
  { method: "POST", pattern: /^\/__sandbox\/tokens\/deactivate$/, op: null, handler: deactivateToken },
  { method: "POST", pattern: /^\/__sandbox\/reset$/, op: null, handler: resetHandler },
  { method: "GET", pattern: /^\/__sandbox\/callbacks$/, op: null, handler: callbacksList },
  { method: "GET", pattern: /^\/__sandbox\/settlement-file$/, op: null, handler: settlementFile },
  { method: "POST", pattern: /^\/__sandbox\/hostile-report$/, op: null, handler: hostileReportAdd },
  { method: "GET", pattern: /^\/__sandbox\/hostile-report$/, op: null, handler: hostileReportList },
  { method: "GET", pattern: /^\/__sandbox\/pwned$/, op: null, handler: pwnedPage },
  { method: "GET", pattern: /^\/__sandbox\/health$/, op: null, handler: health },
  // The local mail catcher: JSON for tests, the web inbox for people.
  { method: "GET", pattern: /^\/__sandbox\/mail$/, op: null, handler: mailListJson },
  { method: "DELETE", pattern: /^\/__sandbox\/mail$/, op: null, handler: mailClearJson },
  { method: "GET", pattern: /^\/mail$/, op: null, handler: inboxHandler },
  { method: "POST", pattern: /^\/mail\/clear$/, op: null, handler: inboxClearHandler },
  { method: "GET", pattern: new RegExp(`^/mail/${ID}$`), op: null, handler: messageHandler },
  { method: "GET", pattern: /^\/$/, op: null, handler: (_ctx, deps) => htmlReply(200, indexPage(deps.config.publicUrl)) },
];

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // malformed escape: match nothing rather than fail
  }
}

/** The route for a method and path, with its captures percent-decoded. */
export function matchRoute(method: string, path: string): { route: Route; params: string[] } | null {
  for (const route of ROUTES) {
    if (route.method !== method) continue;
    const m = route.pattern.exec(path);
    if (m)
      return {
        route,
        params: m
          .slice(1)
          .filter((p): p is string => p !== undefined)
          .map(decode),
      };
  }
  return null;
}
