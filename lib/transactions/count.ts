// The list's total for a filter: counted exactly up to a limit, then shown as "10,000+" (counting every match of
// a wide filter over millions of rows would cost more than the page itself). Browser-safe.
export const COUNT_LIMIT = 10_000;

/** What the count query saw: at most `limit + 1` rows, so "more than the limit" is known without counting them all. */
export interface MatchCount {
  count: number;
  /** More rows match than `count` says (it is the limit). */
  capped: boolean;
}

export function toMatchCount(seen: number, limit: number = COUNT_LIMIT): MatchCount {
  return seen > limit ? { count: limit, capped: true } : { count: seen, capped: false };
}

const numbers = new Intl.NumberFormat("en-GB");

/** "1 payment", "1,234 payments", "10,000+ payments". */
export function countLabel({ count, capped }: MatchCount): string {
  return `${numbers.format(count)}${capped ? "+" : ""} ${count === 1 && !capped ? "payment" : "payments"}`;
}
