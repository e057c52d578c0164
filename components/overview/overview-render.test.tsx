// The Overview's figures and charts rendered on the server from known figures (the fixture). Rules guarded: amounts
// stay per currency (no chart or figure adds SAR and USD); each figure links to the Transactions list of exactly its
// rows (activity, days, zone, currency, branch); every chart carries its numbers as a table; brand spellings
// each ledger spelling of a brand is its own row (its link exact); charts are SVG with no script; a one-day period charts per hour.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { resolvePeriod } from "@/lib/reports/period";
import { WithIntl } from "@/tests/support/intl.support";
import { FigureCards, currencyPairs } from "./figure-cards";
import { groupBreakdown, brandName } from "./breakdown-charts";
import { OverviewCharts } from "./overview-charts";
import { overviewFixture } from "./fixture";

const zone = "Asia/Riyadh";
const now = new Date("2026-11-24T09:00:00Z");
const period = resolvePeriod({ period: "7d" }, zone, now);
const figures = overviewFixture(period);
const decode = (html: string) => html.replaceAll("&amp;", "&").replaceAll("\u00a0", " ");

describe("FigureCards", () => {
  const html = decode(
    renderToStaticMarkup(
      <WithIntl>
        <FigureCards figures={figures} period={period} filter={{ branchId: "riyadh-1" }} />
      </WithIntl>,
    ),
  );

  it("links each figure to its rows, with the period's days, zone, currency and branch", () => {
    const q = "from=2026-11-18&to=2026-11-24&tz=Asia%2FRiyadh";
    expect(html).toContain(`href="/transactions?activity=gross&${q}&currency=SAR&branch=riyadh-1"`);
    expect(html).toContain(`href="/transactions?activity=refunds&${q}&currency=SAR&branch=riyadh-1"`);
    expect(html).toContain(`href="/transactions?activity=gross&${q}&currency=USD&branch=riyadh-1"`);
    // Across currencies: no currency unless filtered.
    expect(html).toContain(`href="/transactions?activity=attempts&${q}&branch=riyadh-1"`);
    expect(html).toContain(`href="/transactions?activity=declines&${q}&branch=riyadh-1"`);
  });

  it("shows each currency's own amounts and the change against the previous period", () => {
    expect(html).toContain("SAR 175.00");
    expect(html).toContain("USD 20.00");
    expect(html).not.toContain("195.00"); // SAR + USD never summed
    expect(html).toContain("+25.0% vs previous 7 days"); // 175 against 140
    expect(html).toContain("No payments in the previous period"); // USD had none
    expect(html).toContain("80.0%"); // approval rate
    expect(html).toContain("\u221220.0 pts vs previous 7 days");
    expect(html).toContain("14.3%"); // refund rate 25 / 175
  });

  it("pairs a currency present only in the previous period with zeros now", () => {
    const pairs = currencyPairs({ ...figures, current: { ...figures.current, byCurrency: [] } });
    expect(pairs.map((p) => [p.currency, p.now.gross.minor, p.before.gross.minor])).toEqual([["SAR", 0, 14_000]]);
  });
});

describe("OverviewCharts", () => {
  const html = decode(
    renderToStaticMarkup(
      <WithIntl>
        <OverviewCharts figures={figures} period={period} filter={{}} />
      </WithIntl>,
    ),
  );

  it("draws one volume chart per currency, each with its table, and no script", () => {
    expect(html).toContain("Gross volume per day, SAR");
    expect(html).toContain("Gross volume per day, USD");
    expect(html.match(/<svg/g)!.length).toBeGreaterThan(4);
    expect(html).not.toContain("<script");
    expect(html.match(/Show as table/g)).toHaveLength(8); // volume SAR, USD; approval; brand SAR, USD; branch SAR, USD; declines
  });

  it("tables the numbers: each day, the approval rate, brands (each ledger spelling its own row), branches, decline reasons", () => {
    expect(html).toContain("23 Nov 2026");
    expect(html).toContain("SAR 125.00");
    expect(html).toContain("50.0%"); // 1 approved of 2 on 23 Nov
    const sar = groupBreakdown(figures.byBrand, (k) => brandName(k, "Unknown brand")).find((g) => g.currency === "SAR")!;
    // One row per ledger spelling, so each row's link lists exactly its payments; the two VISAs say which is which.
    expect(sar.rows).toEqual([
      { key: "VISA", label: "VISA (VISA)", minor: 10_000, count: 1 },
      { key: "MC", label: "Mastercard", minor: 5_000, count: 1 },
      { key: "VC", label: "VISA (VC)", minor: 2_500, count: 1 },
    ]);
    expect(html).toContain("Unknown brand");
    expect(html).toContain(`href="/transactions?activity=gross&from=2026-11-18&to=2026-11-24&tz=Asia%2FRiyadh&currency=USD&brand=none"`);
    expect(html).toContain(`href="/transactions?activity=gross&from=2026-11-18&to=2026-11-24&tz=Asia%2FRiyadh&currency=SAR&brand=VISA"`);
    expect(html).toContain(
      `href="/transactions?activity=gross&from=2026-11-18&to=2026-11-24&tz=Asia%2FRiyadh&currency=SAR&branch=riyadh-1"`,
    );
    expect(html).toContain("No branch");
    expect(html).toContain("Declined by the card&#x27;s bank"); // the gateway's "Transaction declined by issuer", in staff's words
  });

  it("says there is nothing to chart when only the previous period had payments (no empty axes)", () => {
    const quiet = {
      ...figures,
      current: { byCurrency: [], attempts: 0, approved: 0, declined: 0, approvalRate: null },
      series: figures.series.map((p) => ({ ...p, grossMinor: {}, attempts: 0, approved: 0 })),
      byBrand: [],
      byBranch: [],
      declineReasons: [],
    };
    const out = renderToStaticMarkup(
      <WithIntl>
        <OverviewCharts figures={quiet} period={period} filter={{}} />
      </WithIntl>,
    );
    expect(out).toContain("No payments in this period to chart.");
    expect(out).not.toContain("<svg");
  });

  it("draws at most eight bars per breakdown, the rest as one; the table keeps every branch", () => {
    const many = {
      ...figures,
      byBranch: Array.from({ length: 12 }, (_, i) => ({
        key: `branch-${i + 1}`,
        currency: "SAR",
        gross: { minor: (20 - i) * 100, count: 1 },
      })),
    };
    const out = renderToStaticMarkup(
      <WithIntl>
        <OverviewCharts figures={many} period={period} filter={{}} />
      </WithIntl>,
    );
    const branchFigure = out.slice(out.indexOf("Gross volume by branch, SAR"));
    const drawing = branchFigure.slice(0, branchFigure.indexOf("<details"));
    expect(drawing.match(/<li>/g)).toHaveLength(8);
    expect(drawing).toContain("5 other branches");
    expect(drawing).toContain("SAR\u00a055.00"); // branches 8–12: 13 + 12 + 11 + 10 + 9 riyals
    expect(branchFigure).toContain("branch-12");
  });

  it("charts a one-day period per hour", () => {
    const day = resolvePeriod({ period: "today" }, zone, now);
    const one = renderToStaticMarkup(
      <WithIntl>
        <OverviewCharts figures={overviewFixture(day)} period={day} filter={{}} />
      </WithIntl>,
    );
    expect(one).toContain("Gross volume per hour, SAR");
    expect(one).toContain("24 Nov 2026 10:00–11:00");
  });
});

// Issue #15: the Overview in Arabic. Rules guarded: the words come from the Arabic catalog; amounts keep the
// "SAR 175.00" form; the time axis runs right to left (the day's first hour is placed further right than its last
// labelled one), and the tables still list the hours in time order.
describe("in Arabic", () => {
  const day = resolvePeriod({ period: "today" }, zone, now);
  const html = decode(
    renderToStaticMarkup(
      <WithIntl language="ar">
        <FigureCards figures={figures} period={period} filter={{}} />
        <OverviewCharts figures={overviewFixture(day)} period={day} filter={{}} />
      </WithIntl>,
    ),
  );

  it("uses the Arabic catalog and keeps SAR amounts code first", () => {
    expect(html).toContain("إجمالي الحجم");
    expect(html).toContain("إجمالي الحجم لكل ساعة، SAR");
    expect(html).toContain("SAR 175.00");
    expect(html).not.toContain("Gross volume");
  });

  it("lays the hours out right to left", () => {
    const left = (label: string) => Number(new RegExp(`left:([\\d.]+)%[^>]*>${label}<`).exec(html)?.[1]);
    expect(left("00:00")).toBeGreaterThan(left("20:00"));
    expect(html.indexOf("24 نوفمبر 2026 00:00–01:00")).toBeLessThan(html.indexOf("24 نوفمبر 2026 23:00–00:00"));
  });
});
