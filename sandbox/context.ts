// What every sandbox handler receives: the resolved configuration, the state store, the callback dispatcher,
// the fault injector, and the parsed request.
import type { IncomingHttpHeaders } from "node:http";
import type { AccessLevel } from "./defaults";
import type { CallbackDispatcher } from "./callbacks";
import type { FaultInjector } from "./faults";
import type { MailCatcher } from "./mail-catcher";
import type { Fields, Reply } from "./http-util";
import type { SandboxStore } from "./state";
import type { SandboxProfile } from "./profile";

export interface SandboxConfig {
  clientKey: string;
  merchantSecret: string;
  apiKey: string;
  merchantName: string;
  businessUnitId: string;
  partialRefundMerchantField: string;
  /** How this gateway signs and what it refuses where the contract and the family disagree (#16). */
  profile: SandboxProfile;
  publicUrl: string;
  /** The Access Control Server's origin of the "acs" challenge mode (sandbox/acs.ts); null when it does not run. */
  acsUrl: string | null;
  /** API key → access level (contract 5.3): the configured key is SUPER_ADMIN, the level keys are seeded. */
  apiKeys: ReadonlyMap<string, AccessLevel>;
}

/** Escape attempts of the hostile challenge page (reports and top navigations), for the security test. */
export interface HostileLog {
  reports: unknown[];
  topNavigations: number;
}

export interface Deps {
  config: SandboxConfig;
  store: SandboxStore;
  callbacks: CallbackDispatcher;
  faults: FaultInjector;
  hostile: HostileLog;
  /** The local mail catcher (its SMTP side runs only when the sandbox was started with an SMTP port). */
  mail: MailCatcher;
  /** What the "acs" mode's pages fetched (sandbox/acs.ts), for the tests. */
  acsLog: string[];
}

export interface Ctx {
  method: string;
  url: URL;
  /** Captures of the route pattern. */
  params: string[];
  fields: Fields;
  headers: IncomingHttpHeaders;
  /** The X-API-KEY that authenticated the call and its level (JSON interface only). */
  apiKey: string | null;
  level: AccessLevel | null;
}

export type Handler = (ctx: Ctx, deps: Deps) => Reply | Promise<Reply>;
