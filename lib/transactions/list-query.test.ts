// Rules guarded: the list's filter is read from the URL by one schema (the form, the API and saved views agree);
// amount bounds are exact minor units in the chosen currency (no floats, no rounding); dates are the user's
// calendar days; the canonical query string leaves defaults out so equal filters give equal links.
import { describe, expect, it } from "vitest";
import { inEnglish } from "@/tests/support/messages.support";
import { searchParamsRecord, toFilter, toQueryString, transactionExportQuerySchema, transactionListQuerySchema } from "./list-query";
import { createSavedViewSchema } from "./saved-view";

const parse = (qs: string) => transactionListQuerySchema.safeParse(searchParamsRecord(new URLSearchParams(qs)));

describe("transactions list query", () => {
  it("defaults: newest first, 50 rows, UTC, no filter", () => {
    const r = parse("");
    expect(r.success && r.data).toMatchObject({ sort: "created", dir: "desc", size: 50, tz: "UTC", status: [], cols: [] });
    expect(r.success && toQueryString(r.data)).toBe("tz=UTC");
  });

  it("amount bounds are parsed exactly into minor units of the chosen currency", () => {
    const r = parse("currency=SAR&amountMin=0.1&amountMax=0.30");
    expect(r.success).toBe(true);
    const f = toFilter(r.success ? r.data : (null as never));
    expect(f.amountMinMinor).toBe(10);
    expect(f.amountMaxMinor).toBe(30);
    const k = parse("currency=KWD&amountMin=1.234");
    expect(k.success && toFilter(k.data).amountMinMinor).toBe(1234);
    const j = parse("currency=JPY&amountMax=5000");
    expect(j.success && toFilter(j.data).amountMaxMinor).toBe(5000);
    // Large values stay exact (a float would lose the last digit).
    const big = parse("currency=USD&amountMin=90071992547409.91");
    expect(big.success && toFilter(big.data).amountMinMinor).toBe(9007199254740991);
  });

  it("refuses an amount with more decimals than the currency has, an amount without a currency, and min > max", () => {
    const tooPrecise = parse("currency=SAR&amountMin=1.005");
    expect(tooPrecise.success).toBe(false);
    expect(tooPrecise.error?.issues[0]?.path).toEqual(["amountMin"]);
    expect(inEnglish(tooPrecise.error!.issues[0]!.message)).toBe("SAR amounts have at most 2 decimal places.");
    expect(inEnglish(parse("amountMin=10").error!.issues[0]!.message)).toBe("Choose a currency to filter by amount.");
    expect(parse("currency=SAR&amountMin=10&amountMax=9.99").error?.issues[0]?.path).toEqual(["amountMax"]);
    expect(parse("currency=SAR&amountMin=1e3").success).toBe(false);
    expect(parse("currency=SAR&amountMin=-5").success).toBe(false);
  });

  it("dates are the user's calendar days: from = start of that day, to = start of the next day (exclusive)", () => {
    const r = parse("from=2024-03-01&to=2024-03-01&tz=Asia/Riyadh");
    const f = toFilter(r.success ? r.data : (null as never));
    expect(f.createdFrom?.toISOString()).toBe("2024-02-29T21:00:00.000Z");
    expect(f.createdBefore?.toISOString()).toBe("2024-03-01T21:00:00.000Z");
    expect(parse("from=2024-03-02&to=2024-03-01").success).toBe(false);
    expect(parse("tz=Not/AZone").success).toBe(false);
  });

  it("takes repeated and comma-separated lists, ignores empty GET-form fields, drops unknown columns", () => {
    const r = parse("status=captured&status=refunded&cols=email,card,bogus&q=&orderId=&currency=");
    expect(r.success && r.data.status).toEqual(["captured", "refunded"]);
    expect(r.success && r.data.cols).toEqual(["email", "card"]);
    expect(r.success && r.data.q).toBeUndefined();
    expect(parse("status=bogus").success).toBe(false);
    expect(parse("last4=12a4").success).toBe(false);
    expect(parse("email=not-an-email").success).toBe(false);
  });

  it("refuses a cursor that is not ours or belongs to another sort", () => {
    expect(parse("cursor=garbage").error?.issues[0]?.path).toEqual(["cursor"]);
  });

  it("the canonical query string is stable: parse → string → parse gives the same string", () => {
    const qs = "tz=Asia%2FRiyadh&amountMin=5&currency=SAR&status=captured&cols=card,email&sort=amount&dir=asc&size=25";
    const once = toQueryString(parse(qs).data!);
    expect(toQueryString(parse(once).data!)).toBe(once);
    expect(once).toBe("status=captured&currency=SAR&amountMin=5&sort=amount&dir=asc&size=25&cols=email%2Ccard&tz=Asia%2FRiyadh");
  });

  it("export takes the selected ids (at most 500, all uuids)", () => {
    const id = "0b0c2a52-9a3b-4d0e-8f7e-2f1d3c4b5a69";
    expect(transactionExportQuerySchema.safeParse({ ids: [id, id] }).data?.ids).toHaveLength(2);
    expect(transactionExportQuerySchema.safeParse({ ids: "nope" }).success).toBe(false);
    expect(transactionExportQuerySchema.safeParse({ ids: Array(501).fill(id) }).success).toBe(false);
    // "Export selected" with nothing ticked is refused, never widened to every row.
    expect(transactionExportQuerySchema.safeParse({ scope: "selected" }).error?.issues[0]?.path).toEqual(["ids"]);
    expect(transactionExportQuerySchema.safeParse({ scope: "selected", ids: id }).success).toBe(true);
  });

  it("a saved view stores the canonical filter without the page cursor, and refuses an invalid filter", () => {
    const ok = createSavedViewSchema.safeParse({ name: " Morning ", query: "?status=captured&q=&tz=UTC" });
    expect(ok.data).toEqual({ name: "Morning", query: "status=captured&tz=UTC" });
    expect(createSavedViewSchema.safeParse({ name: "x", query: "amountMin=5" }).success).toBe(false);
    expect(createSavedViewSchema.safeParse({ name: "", query: "" }).success).toBe(false);
  });
});
