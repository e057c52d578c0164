// The Overview's URL. Rules guarded: the default is the last 30 days in the reporting zone; an invalid custom range
// or currency is an error and no period at all (the page must not show the default period's figures as if they
// answered the request); days edited in the form make a custom range; the preset links keep the filters.
import { describe, expect, it } from "vitest";
import { parseOverviewQuery, presetHref } from "./overview-query";

const zone = "Asia/Riyadh";
// 24 Nov 2026 00:30 in Riyadh (UTC+3) is still 23 Nov in UTC: "today" is the zone's day.
const now = new Date("2026-11-23T21:30:00Z");

describe("parseOverviewQuery", () => {
  it("defaults to the last 30 days, ending today in the reporting zone", () => {
    const q = parseOverviewQuery({}, zone, now);
    expect(q.period).toMatchObject({ preset: "30d", firstDay: "2026-10-26", lastDay: "2026-11-24", timeZone: zone, days: 30 });
    expect(q.period!.previous).toMatchObject({ firstDay: "2026-09-26", lastDay: "2026-10-25" });
    expect(q.errors).toEqual({});
  });

  it("reads presets, a one-day period being hourly", () => {
    expect(parseOverviewQuery({ period: "today" }, zone, now).period).toMatchObject({ firstDay: "2026-11-24", hourly: true });
    expect(parseOverviewQuery({ period: "month" }, zone, now).period).toMatchObject({ firstDay: "2026-11-01", lastDay: "2026-11-24" });
  });

  it("keeps a preset when the form sends back its own days, and makes edited days a custom range", () => {
    const same = parseOverviewQuery({ period: "7d", from: "2026-11-18", to: "2026-11-24", currency: "sar" }, zone, now);
    expect(same.period).toMatchObject({ preset: "7d" });
    expect(same.filter).toEqual({ currency: "SAR" });
    const edited = parseOverviewQuery({ period: "7d", from: "2026-11-01", to: "2026-11-03" }, zone, now);
    expect(edited.period).toMatchObject({ preset: "custom", firstDay: "2026-11-01", lastDay: "2026-11-03", days: 3 });
  });

  it("refuses a backwards or missing custom range with a sentence, and no period", () => {
    const backwards = parseOverviewQuery({ period: "custom", from: "2026-11-10", to: "2026-11-01" }, zone, now);
    expect(backwards.period).toBeNull();
    expect(backwards.errors.period).toBe("order");
    expect(parseOverviewQuery({ period: "custom" }, zone, now).errors.period).toBe("from");
    expect(parseOverviewQuery({ period: "custom", from: "2026-02-30" }, zone, now).period).toBeNull();
    expect(parseOverviewQuery({ period: "custom", from: "2024-01-01", to: "2026-01-01" }, zone, now).errors.period).toBe("tooLong");
  });

  it("refuses an unknown currency and a too long branch id, showing no figures", () => {
    const q = parseOverviewQuery({ currency: "XYZ", branch: "b".repeat(65) }, zone, now);
    expect(q.period).toBeNull();
    expect(q.errors).toEqual({ currency: "currency", branch: "branch" });
  });

  it("takes the last of repeated parameters and trims them", () => {
    const q = parseOverviewQuery({ branch: [" a ", " riyadh-1 "], currency: "USD" }, zone, now);
    expect(q.filter).toEqual({ branchId: "riyadh-1", currency: "USD" });
  });
});

describe("presetHref", () => {
  it("keeps the branch and currency filters", () => {
    expect(presetHref("7d", { branchId: "جدة 1", currency: "SAR" })).toBe(
      `/overview?period=7d&branch=${encodeURIComponent("جدة 1").replace(/%20/g, "+")}&currency=SAR`,
    );
    expect(presetHref("today", {})).toBe("/overview?period=today");
  });
});
