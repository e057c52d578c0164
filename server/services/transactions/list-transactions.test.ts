// Integration tests of the transactions list on a real database (PGlite, and Postgres when TEST_POSTGRES_URL is
// set). Rules guarded: every filter narrows on the server exactly as named; date filters use the user's time
// zone; keyset pagination neither repeats nor skips a row across pages, even with ties on created_at and rows
// arriving meanwhile; the query never uses OFFSET; the permission is checked by the service itself.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { searchParamsRecord, transactionListQuerySchema, type TransactionListQuery } from "@/lib/transactions/list-query";
import type { Principal } from "../../auth/principal";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import { AppError } from "../../errors";
import { testPrincipal } from "../../../tests/support/services.support";
import { filterConditions, pageQuery } from "./ledger-query";
import { listTransactions } from "./list-transactions";
import { clearPayments, seedPayments, setCreatedAtText } from "../../../tests/support/transactions-fixtures.support";

const q = (qs: string): TransactionListQuery => transactionListQuerySchema.parse(searchParamsRecord(new URLSearchParams(qs)));

describe.each(testDatabaseTargets())("transactions list on $name", (target) => {
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

  const orderIds = async (qs: string) =>
    (await listTransactions({ deps: database, principal: viewer, ip: null }, q(qs))).rows.map((r) => r.orderId).sort();

  it("each filter narrows the list on the server: status, type, currency, order id, e-mail, card last 4, branch", async () => {
    await seedPayments(database.db, [
      {
        orderId: "A",
        status: "captured",
        kind: "sale",
        currency: "SAR",
        payerEmail: "Noura@Example.com",
        cardLast4: "1111",
        branchId: "riyadh",
      },
      {
        orderId: "B",
        status: "refunded",
        kind: "sale",
        currency: "USD",
        payerEmail: "omar@example.com",
        cardLast4: "2222",
        branchId: "jeddah",
        refundedMinor: 1000,
      },
      {
        orderId: "C",
        status: "declined",
        kind: "recurring",
        currency: "SAR",
        payerEmail: "omar@example.com",
        cardLast4: "1111",
        branchId: "riyadh",
        capturedMinor: 0,
        authorizedMinor: 0,
      },
    ]);
    expect(await orderIds("")).toEqual(["A", "B", "C"]);
    expect(await orderIds("status=captured")).toEqual(["A"]);
    expect(await orderIds("status=captured&status=declined")).toEqual(["A", "C"]);
    expect(await orderIds("type=recurring")).toEqual(["C"]);
    expect(await orderIds("currency=USD")).toEqual(["B"]);
    expect(await orderIds("orderId=B")).toEqual(["B"]);
    expect(await orderIds("email=noura@example.com")).toEqual(["A"]); // case-insensitive
    expect(await orderIds("email=OMAR@example.com")).toEqual(["B", "C"]);
    expect(await orderIds("last4=1111")).toEqual(["A", "C"]);
    expect(await orderIds("branch=jeddah")).toEqual(["B"]);
    expect(await orderIds("branch=riyadh&status=declined")).toEqual(["C"]);
  });

  it("amount range: exact minor units, both bounds inclusive, in the chosen currency", async () => {
    await seedPayments(database.db, [
      { orderId: "a999", amountMinor: 999 },
      { orderId: "a1000", amountMinor: 1000 },
      { orderId: "a1050", amountMinor: 1050 },
      { orderId: "a1051", amountMinor: 1051 },
      { orderId: "usd1000", amountMinor: 1000, currency: "USD" },
      { orderId: "kwd1000", amountMinor: 1000, currency: "KWD" },
    ]);
    expect(await orderIds("currency=SAR&amountMin=10&amountMax=10.50")).toEqual(["a1000", "a1050"]);
    expect(await orderIds("currency=SAR&amountMin=10.51")).toEqual(["a1051"]);
    expect(await orderIds("currency=SAR&amountMax=9.99")).toEqual(["a999"]);
    expect(await orderIds("currency=KWD&amountMin=1.000&amountMax=1")).toEqual(["kwd1000"]);
  });

  it("free-text search finds part of an order id, a gateway id or an e-mail, a whole payment uuid, and treats % and _ literally", async () => {
    const [p] = await seedPayments(database.db, [
      { orderId: "INV-2024-0042", gatewayId: "gw-abc-777", payerEmail: "layla@shop.example" },
      { orderId: "INV-2024-0099", gatewayId: "gw-xyz-888", payerEmail: "sami@other.example" },
      { orderId: "odd_100%", gatewayId: "gw-odd", payerEmail: "x@y.example" },
    ]);
    expect(await orderIds("q=0042")).toEqual(["INV-2024-0042"]);
    expect(await orderIds("q=xyz-8")).toEqual(["INV-2024-0099"]);
    expect(await orderIds("q=SHOP.example")).toEqual(["INV-2024-0042"]);
    expect(await orderIds(`q=${p!.id}`)).toEqual(["INV-2024-0042"]);
    expect(await orderIds("q=INV-2024")).toEqual(["INV-2024-0042", "INV-2024-0099"]);
    expect(await orderIds("q=%25")).toEqual(["odd_100%"]);
    expect(await orderIds("q=_1")).toEqual(["odd_100%"]);
  });

  it("date range means calendar days in the user's time zone (Riyadh midnight is 21:00 UTC the day before)", async () => {
    await seedPayments(database.db, [
      { orderId: "before", createdAt: new Date("2024-03-01T20:59:59.999Z") }, // 23:59:59.999 on 1 March in Riyadh
      { orderId: "start", createdAt: new Date("2024-03-01T21:00:00.000Z") }, // 00:00 on 2 March in Riyadh
      { orderId: "end", createdAt: new Date("2024-03-02T20:59:59.999Z") }, // 23:59:59.999 on 2 March in Riyadh
      { orderId: "after", createdAt: new Date("2024-03-02T21:00:00.000Z") }, // 00:00 on 3 March in Riyadh
    ]);
    expect(await orderIds("from=2024-03-02&to=2024-03-02&tz=Asia/Riyadh")).toEqual(["end", "start"]);
    expect(await orderIds("from=2024-03-02&to=2024-03-02&tz=UTC")).toEqual(["after", "end"]);
    expect(await orderIds("from=2024-03-03&tz=Asia/Riyadh")).toEqual(["after"]);
    expect(await orderIds("to=2024-03-01&tz=Asia/Riyadh")).toEqual(["before"]);
  });

  it("default sort is newest first; amount sorts both ways with the id breaking ties", async () => {
    await seedPayments(database.db, [
      { orderId: "old-big", amountMinor: 5000, createdAt: new Date("2024-01-01T00:00:00Z") },
      { orderId: "new-small", amountMinor: 100, createdAt: new Date("2024-03-01T00:00:00Z") },
      { orderId: "mid", amountMinor: 2500, createdAt: new Date("2024-02-01T00:00:00Z") },
    ]);
    const list = async (qs: string) =>
      (await listTransactions({ deps: database, principal: viewer, ip: null }, q(qs))).rows.map((r) => r.orderId);
    expect(await list("")).toEqual(["new-small", "mid", "old-big"]);
    expect(await list("sort=created&dir=asc")).toEqual(["old-big", "mid", "new-small"]);
    expect(await list("sort=amount&dir=desc")).toEqual(["old-big", "mid", "new-small"]);
    expect(await list("sort=amount&dir=asc")).toEqual(["new-small", "mid", "old-big"]);
  });

  for (const sort of ["sort=created&dir=desc", "sort=created&dir=asc", "sort=amount&dir=desc", "sort=amount&dir=asc"]) {
    it(`keyset pages (${sort}) never repeat or skip a row, with ties on the sort value, forwards and backwards`, async () => {
      // 57 rows on 4 distinct instants and 3 distinct amounts: most rows tie with their neighbours.
      const rows = await seedPayments(
        database.db,
        Array.from({ length: 57 }, (_, i) => ({
          amountMinor: [500, 700, 900][i % 3]!,
          createdAt: new Date(Date.UTC(2024, 2, 1, 12, 0, i % 4)),
        })),
      );
      // Two rows differ only by microseconds within the same millisecond: a millisecond cursor would repeat one.
      await setCreatedAtText(database.db, rows[0]!.id, "2024-03-01 12:00:05.000001+00");
      await setCreatedAtText(database.db, rows[1]!.id, "2024-03-01 12:00:05.000002+00");
      const all = (await listTransactions({ deps: database, principal: viewer, ip: null }, q(`${sort}&size=100`))).rows.map((r) => r.id);
      expect(all).toHaveLength(57);

      const seen: string[] = [];
      const pages: string[][] = [];
      let cursor: string | null = null;
      let next = 0;
      do {
        const page = await listTransactions(
          { deps: database, principal: viewer, ip: null },
          q(`${sort}&size=25${cursor ? `&cursor=${cursor}` : ""}`),
        );
        pages.push(page.rows.map((r) => r.id));
        seen.push(...page.rows.map((r) => r.id));
        expect(page.prevCursor === null).toBe(next === 0);
        cursor = page.nextCursor;
        next++;
      } while (cursor);
      expect(pages.map((p) => p.length)).toEqual([25, 25, 7]);
      expect(seen).toEqual(all); // same order, no duplicates, nothing skipped

      // Walk back from the last page with "Previous": the same pages in reverse.
      let page = await listTransactions(
        { deps: database, principal: viewer, ip: null },
        q(
          `${sort}&size=25&cursor=${(await listTransactions({ deps: database, principal: viewer, ip: null }, q(`${sort}&size=25`))).nextCursor}`,
        ),
      );
      page = await listTransactions({ deps: database, principal: viewer, ip: null }, q(`${sort}&size=25&cursor=${page.nextCursor}`));
      expect(page.rows.map((r) => r.id)).toEqual(pages[2]);
      const back1 = await listTransactions({ deps: database, principal: viewer, ip: null }, q(`${sort}&size=25&cursor=${page.prevCursor}`));
      expect(back1.rows.map((r) => r.id)).toEqual(pages[1]);
      const back2 = await listTransactions(
        { deps: database, principal: viewer, ip: null },
        q(`${sort}&size=25&cursor=${back1.prevCursor}`),
      );
      expect(back2.rows.map((r) => r.id)).toEqual(pages[0]);
      expect(back2.prevCursor).toBeNull();
    });
  }

  it("a payment arriving while someone pages does not shift the next page (no repeat, no skip)", async () => {
    await seedPayments(
      database.db,
      Array.from({ length: 30 }, (_, i) => ({ createdAt: new Date(Date.UTC(2024, 2, 1, 12, 0, i)) })),
    );
    const first = await listTransactions({ deps: database, principal: viewer, ip: null }, q("size=25"));
    await seedPayments(database.db, [{ orderId: "newest", createdAt: new Date("2024-03-02T00:00:00Z") }]);
    const second = await listTransactions({ deps: database, principal: viewer, ip: null }, q(`size=25&cursor=${first.nextCursor}`));
    expect(second.rows).toHaveLength(5);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(30);
    // "Previous" gives the 25 rows just before, and one more step back reaches the newcomer on a full first page.
    const back = await listTransactions({ deps: database, principal: viewer, ip: null }, q(`size=25&cursor=${second.prevCursor}`));
    expect(back.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
    expect(back.prevCursor).not.toBeNull();
    const start = await listTransactions({ deps: database, principal: viewer, ip: null }, q(`size=25&cursor=${back.prevCursor}`));
    expect(start.rows[0]!.orderId).toBe("newest");
    expect(start.rows).toHaveLength(25);
    expect(start.prevCursor).toBeNull();
  });

  it("the page query is keyset (a row comparison and LIMIT), never OFFSET", async () => {
    const spec = {
      sort: "created" as const,
      dir: "desc" as const,
      after: { value: "2024-03-01 12:00:00+00", id: "0b0c2a52-9a3b-4d0e-8f7e-2f1d3c4b5a69" },
      backwards: false,
      limit: 51,
    };
    for (const s of [
      spec,
      { ...spec, sort: "amount" as const, after: { value: "1000", id: spec.after.id } },
      { ...spec, backwards: true },
      { ...spec, after: null },
    ]) {
      const { sql: text } = pageQuery(database.db, filterConditions({ statuses: ["captured"] }), s).toSQL();
      expect(text.toLowerCase()).not.toMatch(/\boffset\b/);
      expect(text.toLowerCase()).toMatch(/\blimit\b/);
      if (s.after)
        expect(text).toMatch(
          /\("payments"\."(created_at|amount_minor)", "payments"\."id"\) [<>] \(\$\d+::(timestamptz|bigint), \$\d+::uuid\)/,
        );
    }
  });

  it("refuses a caller without TRANSACTIONS_VIEW and a damaged cursor", async () => {
    const nobody = await testPrincipal(database.db, "Nobody", []);
    await expect(listTransactions({ deps: database, principal: nobody, ip: null }, q(""))).rejects.toMatchObject({ code: "forbidden" });
    const bad = { ...q(""), cursor: "bm90LWEtY3Vyc29y" };
    await expect(listTransactions({ deps: database, principal: viewer, ip: null }, bad)).rejects.toBeInstanceOf(AppError);
  });
});
