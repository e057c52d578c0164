// Known figures for the Overview's component tests: two currencies, a refund, declines with and without a reason,
// brands spelled two ways, a branch and none. Built for any period (every day of it present, as the service does).
import type { OverviewFigures, SeriesPoint } from "@/lib/reports/figures";
import { addDays, type ResolvedPeriod } from "@/lib/reports/period";

export function overviewFixture(period: Pick<ResolvedPeriod, "firstDay" | "days" | "hourly">): OverviewFigures {
  const series: SeriesPoint[] = period.hourly
    ? Array.from({ length: 24 }, (_, h) => ({
        key: `${period.firstDay}T${String(h).padStart(2, "0")}`,
        grossMinor: (h === 10 ? { SAR: 12_500 } : h === 14 ? { SAR: 5_000, USD: 2_000 } : {}) as Record<string, number>,
        attempts: h === 10 ? 2 : h === 14 ? 3 : 0,
        approved: h === 10 ? 1 : h === 14 ? 3 : 0,
      }))
    : Array.from({ length: period.days }, (_, i) => ({
        key: addDays(period.firstDay, i),
        grossMinor: (i === period.days - 1 ? { SAR: 5_000, USD: 2_000 } : i === period.days - 2 ? { SAR: 12_500 } : {}) as Record<
          string,
          number
        >,
        attempts: i === period.days - 1 ? 3 : i === period.days - 2 ? 2 : 0,
        approved: i === period.days - 1 ? 3 : i === period.days - 2 ? 1 : 0,
      }));
  return {
    current: {
      byCurrency: [
        {
          currency: "SAR",
          gross: { minor: 17_500, count: 3 },
          sales: { minor: 7_500, count: 2 },
          captures: { minor: 10_000, count: 1 },
          refunds: { minor: 2_500, count: 1 },
          voids: { minor: 0, count: 0 },
          declines: { minor: 3_000, count: 1 },
          netMinor: 15_000,
          averageTicketMinor: 5_833,
          refundRate: 2_500 / 17_500,
        },
        {
          currency: "USD",
          gross: { minor: 2_000, count: 1 },
          sales: { minor: 2_000, count: 1 },
          captures: { minor: 0, count: 0 },
          refunds: { minor: 0, count: 0 },
          voids: { minor: 0, count: 0 },
          declines: { minor: 0, count: 0 },
          netMinor: 2_000,
          averageTicketMinor: 2_000,
          refundRate: 0,
        },
      ],
      attempts: 5,
      approved: 4,
      declined: 1,
      approvalRate: 0.8,
    },
    previous: {
      byCurrency: [
        {
          currency: "SAR",
          gross: { minor: 14_000, count: 2 },
          sales: { minor: 14_000, count: 2 },
          captures: { minor: 0, count: 0 },
          refunds: { minor: 0, count: 0 },
          voids: { minor: 0, count: 0 },
          declines: { minor: 0, count: 0 },
          netMinor: 14_000,
          averageTicketMinor: 7_000,
          refundRate: 0,
        },
      ],
      attempts: 2,
      approved: 2,
      declined: 0,
      approvalRate: 1,
    },
    series,
    byBrand: [
      { key: "VISA", currency: "SAR", gross: { minor: 10_000, count: 1 } },
      { key: "VC", currency: "SAR", gross: { minor: 2_500, count: 1 } },
      { key: "MC", currency: "SAR", gross: { minor: 5_000, count: 1 } },
      { key: null, currency: "USD", gross: { minor: 2_000, count: 1 } },
    ],
    byBranch: [
      { key: "riyadh-1", currency: "SAR", gross: { minor: 12_500, count: 2 } },
      { key: null, currency: "SAR", gross: { minor: 5_000, count: 1 } },
      { key: null, currency: "USD", gross: { minor: 2_000, count: 1 } },
    ],
    declineReasons: [{ reason: "Transaction declined by issuer", count: 1 }],
  };
}
