// The gateway client's configuration. Built by server/env.ts from the environment (or by tests and scripts
// directly); the client never reads process.env itself.
import type { GatewayProfile } from "./profile";

export interface GatewayConfig {
  /** Host of the form-based interface (`/payment/...`), e.g. `https://pay.example.com`. */
  baseUrl: string;
  /** Host of the JSON interface (`/api/v1`, `/api/v2`). */
  apiUrl: string;
  /** Merchant identifier sent as `client_key` / `merchant_id` / the partial-refund merchant field. */
  clientKey: string;
  /** Merchant secret: only ever an input to request hashes, never sent. */
  merchantSecret: string;
  /** `X-API-KEY` of the JSON interface; also the secret of the S2S sale hash. */
  apiKey: string;
  /** Wire name of the partial-refund merchant field (protocol notes; default `gateway_merchant_id`). */
  partialRefundMerchantField: string;
  connectTimeoutMs: number;
  /** Applied to waiting for the response headers and, separately, to each pause while reading the body. */
  requestTimeoutMs: number;
  /**
   * Where the contract and the protocol family disagree (server/gateway/profile.ts): formulas, secrets, ids, limits.
   * Absent means the contract preset with `partialRefundMerchantField` above. When present, its own field name wins.
   */
  profile?: GatewayProfile;
  /**
   * The overall deadline of the gateway calls made while serving one request, retries included (default 15 s);
   * outside a request, of one call with its retries. Keep the proxy's timeout above it.
   */
  deadlineMs?: number;
  /** Attempts for read operations (default 3, the maximum); money-moving calls always make exactly one. */
  maxReadAttempts?: number;
  /**
   * Origins besides the form host's where the gateway may serve its collector (a sale's `redirect_url`), e.g. a
   * separate checkout host: a redirect_url on any other origin is refused, never followed (SSRF).
   */
  collectorOrigins?: string[];
}

/** Every origin of the gateway: the form host, the JSON host and the collector origins (no duplicates). */
export function gatewayOrigins(config: Pick<GatewayConfig, "baseUrl" | "apiUrl" | "collectorOrigins">): string[] {
  return [...new Set([new URL(config.baseUrl).origin, new URL(config.apiUrl).origin, ...(config.collectorOrigins ?? [])])];
}

export const DEFAULT_PARTIAL_REFUND_MERCHANT_FIELD = "gateway_merchant_id";
