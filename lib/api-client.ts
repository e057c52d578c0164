// The browser's one way to call the dashboard's route handlers: JSON in, JSON out, and the one error shape
// `{ error: { code, message, fields?, id? } }` turned into an ApiError whose message is safe to show. An answer
// `step_up_required` (a sensitive action after a stale second factor) asks the registered step-up handler (the
// dashboard's step-up dialog) for a fresh factor and retries the request once: every dialog gets it.

import { keyedMessage } from "./i18n/keyed-message";

export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string[]>,
    readonly referenceId?: string,
    /**
     * For an error made here in the browser (no answer, an answer without the error shape): its key in the errors
     * namespace (keyed text, lib/i18n/keyed-message.ts); `message` is its English. The API's own messages come
     * already in the reader's language.
     */
    readonly messageKey?: string,
    /** A confirmation_required answer's value, sent back in X-Confirm-Charge once the person confirmed. */
    readonly confirm?: string,
  ) {
    super(message);
  }
}

export interface ApiFetchOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Shows the step-up dialog; true when a fresh factor was presented (then the request is retried once). */
export type StepUpHandler = () => Promise<boolean>;
let stepUpHandler: StepUpHandler | null = null;

/** Registered by the dashboard's step-up provider while it is mounted. */
export function setStepUpHandler(handler: StepUpHandler | null): void {
  stepUpHandler = handler;
}

/**
 * Shows the large-charge confirmation ("You are about to charge SAR 25,000.00 to VISA •••• 1111", the server's
 * sentence); true when the person confirmed (then the request is sent again with X-Confirm-Charge).
 */
export type ChargeConfirmHandler = (message: string) => Promise<boolean>;
let chargeConfirmHandler: ChargeConfirmHandler | null = null;

/** Registered by the dashboard's charge-confirmation provider while it is mounted. */
export function setChargeConfirmHandler(handler: ChargeConfirmHandler | null): void {
  chargeConfirmHandler = handler;
}

export async function apiFetch<T = unknown>(path: string, opts: ApiFetchOptions = {}): Promise<T> {
  let current = opts;
  // At most one step-up and one confirmation: each refusal came before the service did anything, so the same
  // request (same idempotency key) is sent again.
  for (let attempt = 0; ; attempt++) {
    try {
      return await apiFetchOnce<T>(path, current);
    } catch (e) {
      if (!(e instanceof ApiError) || attempt >= 2) throw e;
      if (e.code === "step_up_required" && stepUpHandler && (await stepUpHandler())) continue;
      if (e.code === "confirmation_required" && e.confirm && chargeConfirmHandler) {
        if (!(await chargeConfirmHandler(e.message)))
          throw new ApiError(
            e.status,
            "charge_not_confirmed",
            "Nothing was charged: the amount was not confirmed.",
            undefined,
            undefined,
            "client.chargeNotConfirmed",
          );
        current = { ...current, headers: { ...current.headers, "X-Confirm-Charge": e.confirm } };
        continue;
      }
      throw e;
    }
  }
}

async function apiFetchOnce<T>(path: string, opts: ApiFetchOptions): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: opts.method ?? "GET",
      headers: { Accept: "application/json", ...(opts.body !== undefined ? { "Content-Type": "application/json" } : {}), ...opts.headers },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      credentials: "same-origin",
      signal: opts.signal,
    });
  } catch {
    throw new ApiError(
      0,
      "network",
      "The dashboard could not be reached. Check your connection and try again.",
      undefined,
      undefined,
      "client.network",
    );
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: handled below
  }
  if (res.ok) return json as T;
  const err = (
    json as { error?: { code?: string; message?: string; fields?: Record<string, string[]>; id?: string; confirm?: string } } | null
  )?.error;
  if (err?.message) throw new ApiError(res.status, err.code ?? "unknown", err.message, err.fields, err.id, undefined, err.confirm);
  throw new ApiError(
    res.status,
    err?.code ?? "unknown",
    `The request failed (HTTP ${res.status}).`,
    err?.fields,
    err?.id,
    keyedMessage("client.httpFailed", { status: res.status }),
  );
}
