// Rules guarded (real sandbox over HTTP, real databases): a link's description is kept in the ledger and listed;
// an unpaid link can be cancelled (once, audited, PAYMENTS_CREATE) and then stays cancelled: a payment that still
// reaches the gateway cannot complete it in the ledger; a paid link cannot be cancelled; the customer's return
// page shows the merchant, amount, order and outcome of a real link, and nothing for an unknown or malformed id.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLinkSchema, type CreateLinkFormValues } from "@/lib/schemas/payment-links";
import type { Principal } from "../../../auth/principal";
import { auditLog } from "../../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../../tests/support/db.support";
import { payOnHostedPage } from "../../../../tests/support/hosted-checkout.support";
import { codeOf, startTestSandbox, testDeps, testPrincipal } from "../../../../tests/support/services.support";
import { findPayment } from "../../../ledger/payments";
import type { ServiceContext, ServiceDeps } from "../../deps";
import { syncPayment } from "../../sync/sync-payment";
import { cancelPaymentLink } from "./cancel-link";
import { createPaymentLink } from "./create-link";
import { listPaymentLinks } from "./list-links";
import { linkReturnView } from "./return-view";

let seq = 0;
const input = (over: Partial<CreateLinkFormValues> = {}) =>
  createLinkSchema.parse({
    orderId: `PL-LIFE-${Date.now().toString(36)}-${++seq}`,
    amount: "40.00",
    currency: "SAR",
    auth: "sale",
    customerName: "Noura Test",
    email: "noura@example.com",
    phone: "+966500000000",
    ...over,
  });

describe.each(testDatabaseTargets())("payment link lifecycle ($name)", (target) => {
  let database: TestDatabase;
  let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
  let deps: ServiceDeps;
  let staff: Principal;
  let viewer: Principal;
  const as = (principal: Principal): ServiceContext => ({ deps, principal, ip: null });
  const listed = async (paymentId: string) => (await listPaymentLinks(as(staff))).find((l) => l.paymentId === paymentId);

  beforeAll(async () => {
    database = await target.open();
    sandbox = await startTestSandbox();
    deps = testDeps(database, sandbox.url, { APP_URL: "http://dashboard.test", MERCHANT_NAME: "Noura's Gym" });
    staff = await testPrincipal(deps.db, "Staff", ["PAYMENTS_CREATE", "TRANSACTIONS_VIEW"]);
    viewer = await testPrincipal(deps.db, "Viewer", ["TRANSACTIONS_VIEW"]);
  }, 60_000);
  afterAll(async () => {
    await deps?.gateway.close();
    await sandbox?.close();
    await database?.dispose();
  });

  it("keeps the description in the ledger and lists it; a link without one lists none", async () => {
    const withText = await createPaymentLink(as(staff), input({ description: "Annual membership" }));
    const without = await createPaymentLink(as(staff), input());
    expect((await findPayment(deps.db, withText.paymentId))?.description).toBe("Annual membership");
    expect((await listed(withText.paymentId))?.description).toBe("Annual membership");
    expect((await listed(without.paymentId))?.description).toBeNull();
  });

  it("cancels an unpaid link once, with an audit row; a payment that still arrives cannot complete it", async () => {
    const link = await createPaymentLink(as(staff), input());
    expect(await codeOf(cancelPaymentLink(as(viewer), { paymentId: link.paymentId }))).toBe("forbidden");
    const done = await cancelPaymentLink(as(staff), { paymentId: link.paymentId });
    expect(done.orderId).toBe(link.orderId);
    expect((await listed(link.paymentId))?.status).toBe("cancelled");
    expect((await listed(link.paymentId))?.problem).toBeNull();
    expect(await findPayment(deps.db, link.paymentId)).toMatchObject({ status: "failed" });
    const audits = await deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "payment_link.cancel"), eq(auditLog.targetId, link.paymentId)));
    expect(audits).toHaveLength(1);
    expect(await codeOf(cancelPaymentLink(as(staff), { paymentId: link.paymentId }))).toBe("conflict");

    // The gateway has no cancel call: the customer may still pay there, but the ledger does not complete the link.
    const redirect = await payOnHostedPage(link.url);
    await syncPayment(deps, { gatewayId: redirect.searchParams.get("paymentId")!, orderId: link.orderId }, { source: "notification" });
    expect(await findPayment(deps.db, link.paymentId)).toMatchObject({ status: "failed", capturedMinor: 0 });
    expect((await listed(link.paymentId))?.status).toBe("cancelled");
    expect((await linkReturnView(deps, link.paymentId))?.outcome).toBe("cancelled");
  });

  it("refuses to cancel a paid link, and a payment that is not a link", async () => {
    const link = await createPaymentLink(as(staff), input());
    const redirect = await payOnHostedPage(link.url);
    await syncPayment(deps, { gatewayId: redirect.searchParams.get("paymentId")!, orderId: link.orderId }, { source: "notification" });
    expect(await codeOf(cancelPaymentLink(as(staff), { paymentId: link.paymentId }))).toBe("conflict");
    expect(await findPayment(deps.db, link.paymentId)).toMatchObject({ status: "captured" });
    expect(await codeOf(cancelPaymentLink(as(staff), { paymentId: "00000000-0000-4000-8000-000000000000" }))).toBe("not_found");
  });

  it("the return page shows the merchant, amount, order, description and outcome of a real link; nothing for an unknown id", async () => {
    const link = await createPaymentLink(as(staff), input({ description: "Annual membership" }));
    expect(await linkReturnView(deps, link.paymentId)).toMatchObject({
      merchantName: "Noura's Gym",
      orderId: link.orderId,
      description: "Annual membership",
      amount: { minor: 4000, currency: "SAR" },
      outcome: "confirming",
    });
    const redirect = await payOnHostedPage(link.url);
    await syncPayment(deps, { gatewayId: redirect.searchParams.get("paymentId")!, orderId: link.orderId }, { source: "notification" });
    expect((await linkReturnView(deps, link.paymentId))?.outcome).toBe("paid");
    expect(await linkReturnView(deps, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await linkReturnView(deps, "' or 1=1 --")).toBeNull();
    expect(await linkReturnView(deps, undefined)).toBeNull();
  });
});
