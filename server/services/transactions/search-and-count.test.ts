// Integration tests of the list's search by amount and card last four, and of its total count, on a real database
// (PGlite, and Postgres when TEST_POSTGRES_URL is set). Rules guarded: an amount typed in the search matches in the
// currency's own units (never a float, never another currency's digits), the amount asked or the amount captured;
// four digits also find a card's last four; the count is exact up to its limit and "more" beyond it, reads at most
// limit + 1 rows (a LIMIT in a subquery, never a full count), and needs TRANSACTIONS_VIEW like the list.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { countLabel } from "@/lib/transactions/count";
import { searchParamsRecord, transactionListQuerySchema, type TransactionListQuery } from "@/lib/transactions/list-query";
import type { Principal } from "../../auth/principal";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { testPrincipal } from "../../../tests/support/services.support";
import { clearPayments, seedPayments } from "../../../tests/support/transactions-fixtures.support";
import { payments } from "../../db/schema";
import { countTransactions, listTransactions } from "./list-transactions";

const q = (qs: string): TransactionListQuery => transactionListQuerySchema.parse(searchParamsRecord(new URLSearchParams(qs)));

describe.each(testDatabaseTargets())("transactions search and count on $name", (target) => {
  let database: TestDatabase;
  let viewer: Principal;
  beforeAll(async () => {
    database = await target.open();
    viewer = await testPrincipal(database.db, "Viewer", ["TRANSACTIONS_VIEW"]);
  });
  afterAll(async () => {
    await database?.dispose();
  });
  beforeEach(async () => {
    await clearPayments(database.db);
  });

  const ctx = () => ({ deps: database, principal: viewer, ip: null });
  const orderIds = async (qs: string) => (await listTransactions(ctx(), q(qs))).rows.map((r) => r.orderId).sort();

  it("search by amount: in the currency's units, the amount asked or captured, optionally with the currency code", async () => {
    await seedPayments(database.db, [
      { orderId: "sarA", gatewayId: "gw-sara", amountMinor: 27550 },
      { orderId: "sarB", gatewayId: "gw-sarb", amountMinor: 27500 },
      { orderId: "jpyB", gatewayId: "gw-jpyb", amountMinor: 275, currency: "JPY" },
      { orderId: "usdA", gatewayId: "gw-usda", amountMinor: 27550, currency: "USD" },
      // Partially captured: 100.00 authorized, 40.00 captured. (Order and gateway ids hold no digits: the search also matches them.)
      { orderId: "sar-partial", gatewayId: "gw-sar-partial", amountMinor: 10000, authorizedMinor: 10000, capturedMinor: 4000 },
      { orderId: "sarSmall", gatewayId: "gw-sarsmall", amountMinor: 275 },
    ]);
    expect(await orderIds("q=275.50")).toEqual(["sarA", "usdA"]);
    expect(await orderIds("q=275")).toEqual(["jpyB", "sarB"]); // 275.00 SAR, 275 JPY; never 2.75 SAR
    expect(await orderIds("q=275.50&currency=SAR")).toEqual(["sarA"]);
    expect(await orderIds("q=SAR 275.50")).toEqual(["sarA"]);
    expect(await orderIds("q=usd275.5")).toEqual(["usdA"]);
    expect(await orderIds("q=40")).toEqual(["sar-partial"]); // the captured amount
    expect(await orderIds("q=100.00")).toEqual(["sar-partial"]); // the amount asked
    expect(await orderIds("q=275.555")).toEqual([]); // more decimals than any of these currencies has
    expect(await orderIds("q=1,000")).toEqual([]);
  });

  it("search by a card's last four digits (and the same four digits still find an order id)", async () => {
    await seedPayments(database.db, [
      { orderId: "visa", gatewayId: "gw-visa", cardLast4: "4242" },
      { orderId: "mc", gatewayId: "gw-mc", cardLast4: "0008" },
      { orderId: "INV-4242-x", gatewayId: "gw-inv-x-x", cardLast4: "1111" },
    ]);
    expect(await orderIds("q=4242")).toEqual(["INV-4242-x", "visa"]);
    expect(await orderIds("q=0008")).toEqual(["mc"]);
  });

  it("count: exact up to the limit, then capped ('limit+'); the filter applies; the query reads at most limit + 1 rows", async () => {
    await seedPayments(
      database.db,
      Array.from({ length: 7 }, (_, i) => ({ status: i < 2 ? "declined" : "captured" })),
    );
    expect(await countTransactions(ctx(), q(""), 10)).toEqual({ count: 7, capped: false });
    expect(await countTransactions(ctx(), q(""), 7)).toEqual({ count: 7, capped: false });
    const capped = await countTransactions(ctx(), q(""), 5);
    expect(capped).toEqual({ count: 5, capped: true });
    expect(countLabel(capped)).toBe("5+ payments");
    expect(await countTransactions(ctx(), q("status=declined"), 5)).toEqual({ count: 2, capped: false });
    expect(countLabel(await countTransactions(ctx(), q("status=refunded"), 5))).toBe("0 payments");
    expect(await database.db.$count(payments)).toBe(7);
  });

  it("count needs TRANSACTIONS_VIEW, like the list", async () => {
    const nobody = await testPrincipal(database.db, "Nobody", []);
    await expect(countTransactions({ deps: database, principal: nobody, ip: null }, q(""))).rejects.toMatchObject({ code: "forbidden" });
  });
});
