// Rules guarded (real databases, PGlite and PostgreSQL): search from anywhere finds a payment by every reading staff
// use — payment id, order id (whole or a part), RRN, card last four, e-mail, phone in any spelling, amount, a part of
// the customer's name in any Arabic spelling — newest first, five per group with "more"; each group is there only
// for a searcher with its permission (payments and customers: TRANSACTIONS_VIEW, links: PAYMENTS_CREATE, users:
// USERS_MANAGE), so search never shows what the area itself would refuse; LIKE wildcards are literal; text too short
// to search returns the searcher's empty groups and reads nothing.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../auth/principal";
import { paymentLinks } from "../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { uniqueId } from "../../../tests/support/gateway-fixtures.support";
import { seedPayments } from "../../../tests/support/transactions-fixtures.support";
import { testDeps, testPrincipal } from "../../../tests/support/services.support";
import type { ServiceContext, ServiceDeps } from "../deps";
import { searchEverywhere } from "./search-everywhere";

describe.each(testDatabaseTargets())("search from anywhere ($name)", (target) => {
  let database: TestDatabase;
  let deps: ServiceDeps;
  let viewer: Principal;
  let linksOnly: Principal;
  let admin: Principal;
  let nobody: Principal;
  const as = (principal: Principal): ServiceContext => ({ deps, principal, ip: null });
  const tag = uniqueId("s")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute));
  const rrn = String(Date.now()).slice(-12).padStart(12, "7");
  const phoneDigits = `5${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  let ids: { sale: string; older: string; link: string; gateway: string };

  beforeAll(async () => {
    database = await target.open();
    // No gateway call is made: search reads the ledger only.
    deps = testDeps(database, "http://127.0.0.1:9");
    viewer = await testPrincipal(deps.db, "Viewer", ["TRANSACTIONS_VIEW"]);
    linksOnly = await testPrincipal(deps.db, "Links", ["PAYMENTS_CREATE"]);
    admin = await testPrincipal(deps.db, `Admin ${tag}`, "all");
    nobody = await testPrincipal(deps.db, "Nobody", []);
    const gateway = randomUUID();
    const [sale, older, link] = await seedPayments(deps.db, [
      {
        orderId: `ORD-${tag}-0001`,
        gatewayId: gateway,
        rrn,
        payerName: "فاطمة أحمد الزهراني",
        payerEmail: `Fatima.${tag}@Example.com`,
        payerPhone: `+966 ${phoneDigits.slice(0, 2)} ${phoneDigits.slice(2, 5)} ${phoneDigits.slice(5)}`,
        cardLast4: "4242",
        amountMinor: 987_654,
        createdAt: at(2),
      },
      { orderId: `ORD-${tag}-0000`, payerEmail: `fatima.${tag}@example.com`, payerName: "Fatima Old", cardLast4: "4242", createdAt: at(1) },
      {
        orderId: `LNK-${tag}-0002`,
        kind: "payment_link",
        status: "pending",
        capturedMinor: 0,
        payerEmail: `link.${tag}@example.com`,
        createdAt: at(3),
      },
    ]);
    await deps.db
      .insert(paymentLinks)
      .values({ paymentId: link!.id, url: "https://pay.example/x", issueDate: "2026-01-01", expireDate: "2999-01-01" });
    ids = { sale: sale!.id, older: older!.id, link: link!.id, gateway };
  }, 60_000);
  afterAll(async () => {
    await deps?.gateway.close();
    await database?.dispose();
  });

  const paymentIds = async (q: string, who = viewer) => (await searchEverywhere(as(who), q)).payments?.hits.map((h) => h.id);

  it("finds a payment by its id, the gateway's id, its whole order id or a part of it, and its RRN, saying why", async () => {
    for (const [q, by] of [
      [ids.sale.toUpperCase(), "id"],
      [ids.gateway, "id"],
      [`ORD-${tag}-0001`, "order"],
      [rrn, "rrn"],
    ] as const) {
      const r = await searchEverywhere(as(viewer), q);
      expect(
        r.payments?.hits.map((h) => [h.id, h.matchedBy]),
        q,
      ).toEqual([[ids.sale, by]]);
    }
    // A part of the order id finds both of the customer's orders, newest first.
    expect(await paymentIds(`ord-${tag}-000`)).toEqual([ids.sale, ids.older]);
  });

  it("finds a payment by the phone in any spelling, the e-mail in any case, the last four and the amount", async () => {
    for (const q of [`0${phoneDigits}`, `+966${phoneDigits}`, `00966 ${phoneDigits}`]) {
      expect(await paymentIds(q), q).toEqual([ids.sale]);
    }
    const byEmail = await searchEverywhere(as(viewer), `FATIMA.${tag}@example.COM`);
    expect(byEmail.payments?.hits.map((h) => [h.id, h.matchedBy])).toEqual([
      [ids.sale, "email"],
      [ids.older, "email"],
    ]);
    expect(await paymentIds("4242")).toEqual(expect.arrayContaining([ids.sale, ids.older]));
    for (const q of ["9,876.54", "SAR 9876.54", "٩٨٧٦٫٥٤".replace("٫", ".")]) {
      expect(await paymentIds(q), q).toContain(ids.sale);
    }
  });

  it("finds a customer's payments and the customer by a part of the name in any Arabic spelling", async () => {
    for (const q of ["فاطمه احمد", "الزَّهراني"]) {
      const r = await searchEverywhere(as(viewer), q);
      expect(
        r.payments?.hits.map((h) => h.id),
        q,
      ).toContain(ids.sale);
      expect(
        r.customers?.hits.find((c) => c.email.toLowerCase() === `fatima.${tag}@example.com`),
        q,
      ).toMatchObject({
        key: ids.sale,
        name: "فاطمة أحمد الزهراني",
      });
    }
  });

  it("each group only for a searcher who may open its area; a link shows in the links group, not twice", async () => {
    const all = await searchEverywhere(as(admin), tag);
    expect(Object.keys(all).sort()).toEqual(["customers", "links", "payments", "text", "users"]);
    expect(all.links?.hits).toEqual([expect.objectContaining({ paymentId: ids.link, status: "waiting" })]);
    expect(all.payments?.hits.map((h) => h.id)).not.toContain(ids.link);
    expect(all.users?.hits.map((u) => u.id)).toContain(admin.userId);

    const viewerSees = await searchEverywhere(as(viewer), tag);
    expect(Object.keys(viewerSees).sort()).toEqual(["customers", "payments", "text"]);
    // Without the links area, the link's payment is an ordinary payment of the list.
    expect(viewerSees.payments?.hits.map((h) => h.id)).toContain(ids.link);

    expect(Object.keys(await searchEverywhere(as(linksOnly), tag)).sort()).toEqual(["links", "text"]);
    expect(await searchEverywhere(as(nobody), tag)).toEqual({ text: tag });
  });

  it("five hits per group and 'more' beyond; wildcards match themselves; two characters or fewer read nothing", async () => {
    await seedPayments(
      deps.db,
      Array.from({ length: 6 }, (_, i) => ({ orderId: `BULK-${tag}-${i}`, createdAt: at(10 + i) })),
    );
    const r = await searchEverywhere(as(viewer), `BULK-${tag}`);
    expect(r.payments?.hits.map((h) => h.orderId)).toEqual([5, 4, 3, 2, 1].map((i) => `BULK-${tag}-${i}`));
    expect(r.payments?.more).toBe(true);
    expect((await searchEverywhere(as(viewer), `BULK-${tag}%`)).payments).toEqual({ hits: [], more: false });
    expect((await searchEverywhere(as(viewer), `${tag}_`)).customers?.hits).toEqual([]);
    expect(await searchEverywhere(as(viewer), " a ")).toEqual({
      text: "",
      payments: { hits: [], more: false },
      customers: { hits: [], more: false },
    });
  });
});
