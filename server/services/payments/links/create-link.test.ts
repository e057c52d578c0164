// Rules guarded (real sandbox over HTTP, real database): creating a link writes a pending ledger payment of kind
// payment_link, its audit row and the link (URL, session, the contract-8 invoice dates); the customer pays on the
// sandbox's hosted page and the notification's sync marks the ledger payment captured (found by ORDER id, the
// gateway id filled in); expiry is computed from the link's last day; invalid input is refused by the shared
// schema; a customer declined on the first try and paid on the second leaves the link paid; a gateway failure leaves the payment "failed" with a reason; PAYMENTS_CREATE is required.
import { and, desc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "../../../../sandbox/server";
import { linkStatus } from "@/lib/payment-link-status";
import { addDays, createLinkSchema, type CreateLinkFormValues } from "@/lib/schemas/payment-links";
import { vmsg } from "@/lib/schemas/messages";
import { nextCalendarDate, startOfDayInZone, todayInZone } from "@/lib/transactions/zoned-time";
import type { Principal } from "../../../auth/principal";
import { auditLog, paymentLinks } from "../../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../../tests/support/db.support";
import { sandboxControl } from "../../../../tests/support/sandbox-flows.support";
import { findPayment } from "../../../ledger/payments";
import type { ServiceDeps, ServiceContext } from "../../deps";
import { syncPayment } from "../../sync/sync-payment";
import { payOnHostedPage } from "../../../../tests/support/hosted-checkout.support";
import { codeOf, startTestSandbox, testDeps, testPrincipal } from "../../../../tests/support/services.support";
import { createPaymentLink } from "./create-link";
import { listPaymentLinks } from "./list-links";

let seq = 0;
const form = (over: Partial<CreateLinkFormValues> = {}): CreateLinkFormValues => ({
  orderId: `PL-TEST-${Date.now().toString(36)}-${++seq}`,
  amount: "25.50",
  currency: "SAR",
  auth: "sale",
  customerName: "Noura Test",
  email: "noura@example.com",
  phone: "+966 500 000 000",
  recurringInit: false,
  ...over,
});
const input = (over: Partial<CreateLinkFormValues> = {}) => createLinkSchema.parse(form(over));

describe.each(testDatabaseTargets())("payment links ($name)", (target) => {
  let database: TestDatabase;
  let sandbox: RunningSandbox;
  let deps: ServiceDeps;
  /** The context of a service call made by `principal` with these deps. */
  const as = (principal: Principal, ip: string | null = null): ServiceContext => ({ deps, principal, ip });
  let staff: Principal;

  beforeAll(async () => {
    database = await target.open();
    sandbox = await startTestSandbox();
    deps = testDeps(database, sandbox.url, { APP_URL: "http://dashboard.test" });
    staff = await testPrincipal(deps.db, "Staff", ["PAYMENTS_CREATE", "TRANSACTIONS_VIEW"]);
  });
  afterEach(async () => {
    await sandboxControl(sandbox.url).clearFaults();
  });
  afterAll(async () => {
    await deps?.gateway.close();
    await sandbox?.close();
    await database?.dispose();
  });

  it("creates a pending ledger payment, the link with the contract-8 dates, and one audit row", async () => {
    const i = input();
    const link = await createPaymentLink(as(staff, "203.0.113.9"), i);
    expect(link.url).toMatch(new RegExp(`^${sandbox.url}/checkout\\?sessionId=`));
    expect(link.issueDate).toBe(todayInZone(deps.config.reportTimeZone, deps.now())); // the business zone's today
    expect(link.expireDate).toBe(addDays(link.issueDate, 7));
    const p = (await findPayment(deps.db, link.paymentId))!;
    expect(p).toMatchObject({
      kind: "payment_link",
      status: "pending",
      amountMinor: 2550,
      currency: "SAR",
      orderId: i.orderId,
      gatewayId: null,
    });
    expect(p).toMatchObject({ payerName: "Noura Test", payerEmail: "noura@example.com", payerPhone: "+966500000000" });
    const [row] = await deps.db.select().from(paymentLinks).where(eq(paymentLinks.paymentId, p.id));
    expect(row).toMatchObject({ url: link.url, sessionId: new URL(link.url).searchParams.get("sessionId") });
    const audits = await deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "payment_link.create"), eq(auditLog.targetId, p.id)));
    expect(audits).toHaveLength(1);
    const [listed] = (await listPaymentLinks(as(staff))).filter((l) => l.paymentId === p.id);
    expect(listed).toMatchObject({ status: "waiting", url: link.url, orderId: i.orderId });
  });

  it("sends the given invoice dates and the link's return address", async () => {
    const issue = todayInZone(deps.config.reportTimeZone, deps.now());
    const link = await createPaymentLink(
      as(staff),
      input({ issueDate: issue, expireDate: addDays(issue, 2), auth: "authorize", country: "sa", city: "Riyadh" }),
    );
    expect(link.expireDate).toBe(addDays(issue, 2));
    const redirect = await payOnHostedPage(link.url);
    expect(`${redirect.origin}${redirect.pathname}`).toBe("http://dashboard.test/payments/return");
    expect(redirect.searchParams.get("flow")).toBe("link");
    expect(redirect.searchParams.get("payment")).toBe(link.paymentId);
    const r = await syncPayment(
      deps,
      { gatewayId: redirect.searchParams.get("paymentId")!, orderId: link.orderId },
      { source: "notification" },
    );
    expect(r.payment?.status).toBe("authorized");
  });

  it("the customer pays on the hosted page; the notification's sync (by order id) marks the ledger payment captured: paid", async () => {
    const link = await createPaymentLink(as(staff), input());
    const redirect = await payOnHostedPage(link.url);
    const gatewayId = redirect.searchParams.get("paymentId")!;
    expect(redirect.searchParams.get("orderId")).toBe(link.orderId);
    // What process-notification does with { trans_id, order_id }: the ledger payment has no gateway id yet.
    const r = await syncPayment(deps, { gatewayId, orderId: link.orderId }, { source: "notification" });
    expect(r.outcome).toBe("synced");
    const p = (await findPayment(deps.db, link.paymentId))!;
    expect(p).toMatchObject({ status: "captured", gatewayId, capturedMinor: 2550, cardLast4: "1111" });
    const [listed] = (await listPaymentLinks(as(staff))).filter((l) => l.paymentId === p.id);
    expect(listed?.status).toBe("paid");
    // A paid link cannot be paid twice.
    expect((await fetch(link.url)).status).toBe(409);
  });

  it("a link declined on the first try and paid on the second ends paid: the ledger follows the new attempt (and keeps the earlier one in the audit)", async () => {
    const link = await createPaymentLink(as(staff), input());
    const first = await payOnHostedPage(link.url, { number: "4111111111111111", month: "02", year: "2038" });
    expect(first.searchParams.get("flow")).toBe("link");
    const declinedId = first.searchParams.get("paymentId")!;
    await syncPayment(deps, { gatewayId: declinedId, orderId: link.orderId }, { source: "notification" });
    expect(await findPayment(deps.db, link.paymentId)).toMatchObject({ status: "declined", gatewayId: declinedId });
    expect((await listPaymentLinks(as(staff))).find((l) => l.paymentId === link.paymentId)?.status).toBe("waiting");

    const second = await payOnHostedPage(link.url);
    const paidId = second.searchParams.get("paymentId")!;
    expect(paidId).not.toBe(declinedId);
    const r = await syncPayment(deps, { gatewayId: paidId, orderId: link.orderId }, { source: "notification" });
    expect(r).toMatchObject({ outcome: "synced", changed: true });
    expect(await findPayment(deps.db, link.paymentId)).toMatchObject({
      status: "captured",
      gatewayId: paidId,
      capturedMinor: 2550,
      declineReason: null,
    });
    expect((await listPaymentLinks(as(staff))).find((l) => l.paymentId === link.paymentId)?.status).toBe("paid");
    const [audit] = await deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "payment.sync"), eq(auditLog.targetId, link.paymentId)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.summary).toMatchObject({
      from: "declined",
      to: "captured",
      earlierAttempt: { gatewayId: declinedId, status: "declined" },
    });

    // A late or replayed notification about the declined attempt cannot take the paid link back.
    const late = await syncPayment(deps, { gatewayId: declinedId, orderId: link.orderId }, { source: "notification" });
    expect(late.changed).toBe(false);
    expect(await findPayment(deps.db, link.paymentId)).toMatchObject({ status: "captured", gatewayId: paidId });
  });

  it("a link not paid by its last day is expired (computed, the day after, in the business zone's days)", async () => {
    const link = await createPaymentLink(as(staff), input());
    const zone = deps.config.reportTimeZone;
    const later = startOfDayInZone(nextCalendarDate(link.expireDate), zone); // midnight after the last day, there
    const onLastDay = new Date(later.getTime() - 60_000); // 23:59 on the last day (20:59 UTC in Riyadh)
    const statusOn = async (day: Date) =>
      (await listPaymentLinks({ deps: { ...deps, now: () => day }, principal: staff, ip: null })).find(
        (l) => l.paymentId === link.paymentId,
      )?.status;
    expect(await statusOn(onLastDay)).toBe("waiting");
    expect(await statusOn(later)).toBe("expired");
    expect(linkStatus("captured", "2000-01-01", "2030-01-01")).toBe("paid");
    expect(linkStatus("declined", "2030-01-01", "2029-12-31")).toBe("waiting"); // the customer may try again
  });

  it("at 01:30 in Riyadh (22:30 UTC the day before) a link's 'today' is Riyadh's, and yesterday there is refused as past", async () => {
    const at = startOfDayInZone("2026-11-28", "Asia/Riyadh").getTime() + 90 * 60_000; // 2026-11-28 01:30 Riyadh
    const riyadh = { ...deps, config: { ...deps.config, reportTimeZone: "Asia/Riyadh" }, now: () => new Date(at) };
    const link = await createPaymentLink({ deps: riyadh, principal: staff, ip: null }, input());
    expect(link).toMatchObject({ issueDate: "2026-11-28", expireDate: "2026-12-05" });
    // "2026-11-27" is still today in UTC (so the schema lets it through) but already past in the business zone.
    await expect(
      createPaymentLink({ deps: riyadh, principal: staff, ip: null }, { ...input(), issueDate: "2026-11-26", expireDate: "2026-11-27" }),
    ).rejects.toMatchObject({
      code: "invalid_request",
      fieldKeys: { expireDate: [vmsg("links.expiryInPast")] },
    });
  });

  it("a gateway failure marks the ledger payment failed with a reason, and says so", async () => {
    await sandboxControl(sandbox.url).addFault({ operation: "initiate", fault: "http_503", times: 1 });
    const i = input();
    await expect(createPaymentLink(as(staff), i)).rejects.toMatchObject({ code: "gateway_unavailable" });
    const [listed] = (await listPaymentLinks(as(staff))).filter((l) => l.orderId === i.orderId);
    expect(listed).toMatchObject({ status: "failed", url: null, paymentStatus: "failed" });
    expect(listed?.problem).toMatch(/gateway did not answer/);
  });

  it("refuses a used order id (conflict) and a user without PAYMENTS_CREATE (forbidden)", async () => {
    const i = input();
    await createPaymentLink(as(staff), i);
    expect(await codeOf(createPaymentLink(as(staff), i))).toBe("conflict");
    const viewer = await testPrincipal(deps.db, "Viewer", ["TRANSACTIONS_VIEW"]);
    expect(await codeOf(createPaymentLink(as(viewer), input()))).toBe("forbidden");
    expect(await codeOf(listPaymentLinks(as(viewer)))).toBe("forbidden");
  });
});

describe("createLinkSchema (shared by the form and the route)", () => {
  const errorsOf = (over: Partial<CreateLinkFormValues>) => {
    const r = createLinkSchema.safeParse(form(over));
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
  };
  it("accepts a minimal link and normalises the phone", () => {
    expect(createLinkSchema.parse(form()).phone).toBe("+966500000000");
  });
  it("checks the amount against the currency's decimals and refuses zero", () => {
    expect(errorsOf({ amount: "10.505" })).toHaveProperty("amount");
    expect(errorsOf({ amount: "10.505", currency: "KWD" })).toEqual({});
    expect(errorsOf({ amount: "10.5", currency: "JPY" })).toHaveProperty("amount");
    expect(errorsOf({ amount: "0.00" })).toHaveProperty("amount");
    expect(errorsOf({ amount: "1e3" })).toHaveProperty("amount");
  });
  it("requires e-mail, a phone with country code, sale/authorize only, a clean order id", () => {
    expect(errorsOf({ email: "nope" })).toHaveProperty("email");
    expect(errorsOf({ phone: "0500000000" })).toHaveProperty("phone");
    expect(errorsOf({ auth: "capture" as "sale" })).toHaveProperty("auth");
    expect(errorsOf({ orderId: "a b" })).toHaveProperty("orderId");
    expect(errorsOf({ country: "SAU" })).toHaveProperty("country");
  });
  it("dates: YYYY-MM-DD, expiry not before issue, expiry not in the past (anywhere: the service then checks the business day)", () => {
    const today = todayInZone("Etc/GMT+12"); // the zone furthest behind: the earliest day that is still today
    expect(errorsOf({ issueDate: "2026-02-30" })).toHaveProperty("issueDate");
    expect(errorsOf({ issueDate: addDays(today, 3), expireDate: addDays(today, 1) })).toHaveProperty("expireDate");
    expect(errorsOf({ expireDate: addDays(today, -1) })).toHaveProperty("expireDate");
    expect(errorsOf({ issueDate: today, expireDate: today })).toEqual({});
  });
});
