// What every service needs, passed in explicitly so that tests run services against a real database and a real
// sandbox of their own: the database, the gateway client, the configuration and a clock. A service that acts for
// a person takes a ServiceContext first (the deps, who acts, from which address) and then one input object:
// `requestRefund(ctx, { paymentId, ...input })`. Work nobody asked for (schedulers, notification processing, the
// reconciler's sync) takes `(deps, input)`.
import type { AppConfig } from "../config";
import type { Principal } from "../auth/principal";
import type { Db } from "../db/client";
import type { GatewayClient } from "../gateway/client";

export interface ServiceDeps {
  db: Db;
  gateway: GatewayClient;
  config: AppConfig;
  now: () => Date;
}

/**
 * Who a service acts for: the deps (narrowed by a service that needs less, e.g. `ServiceContext<Pick<ServiceDeps,
 * "db">>`), the signed-in person, and the client's address as the route found it (audit rows; null from scripts).
 */
export interface ServiceContext<D = ServiceDeps> {
  deps: D;
  principal: Principal;
  ip: string | null;
  /**
   * The language and digits the person acting reads the dashboard in on this request (their saved choice, else the
   * cookie, else Accept-Language): the words of a mail to someone who has not chosen a language yet. Absent outside a
   * request (scripts, tests that do not set it).
   */
  readerPrefs?: () => Promise<{ language: "en" | "ar"; digits: "latn" | "arab" }>;
  /**
   * The large-charge confirmation the request carries (its X-Confirm-Charge header: the `confirm` of an earlier
   * confirmation_required answer, sent again once the person confirmed). Absent outside a request.
   */
  chargeConfirmation?: () => Promise<string | null>;
}
