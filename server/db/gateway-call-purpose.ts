// Why a gateway read is made (the payment page's live panel, a person's sync, automatic work), carried to the
// call recorder without threading a parameter through every gateway operation: the timeline keeps page-load reads
// out and folds a sync's reads into one line. The store lives on globalThis so that every bundle of the server
// (pages, route handlers) shares one, whichever copy of this module it loaded.
import { AsyncLocalStorage } from "node:async_hooks";

export type GatewayCallPurpose = "page_view" | "user_sync" | "sync";

const KEY = Symbol.for("merchant-dashboard.gateway-call-purpose");
type Holder = { [KEY]?: AsyncLocalStorage<GatewayCallPurpose> };
const store = ((globalThis as Holder)[KEY] ??= new AsyncLocalStorage<GatewayCallPurpose>());

/** Run `fn` with every gateway call it makes recorded under `purpose`. */
export function withCallPurpose<T>(purpose: GatewayCallPurpose, fn: () => Promise<T>): Promise<T> {
  return store.run(purpose, fn);
}

/** The purpose of the calls being made now, or null outside withCallPurpose. */
export function currentCallPurpose(): GatewayCallPurpose | null {
  return store.getStore() ?? null;
}
