// The branch search's query (contract 4.15): one zod schema for the page's GET form and GET /api/admin/branches.
// Pages are numbered from 0 as the gateway numbers them (people see them 1-based); page number and page size are
// required by the gateway, so both always have a value here and are always sent.
import { z } from "./zod";
import { vmsg } from "./messages";

export const BRANCH_PAGE_SIZES = ["10", "25", "50"] as const;
export const DEFAULT_BRANCH_PAGE_SIZE = 10;
export const BRANCH_STATUSES = ["all", "active", "inactive"] as const;
export type BranchStatusFilter = (typeof BRANCH_STATUSES)[number];

/** A single text parameter: the last value when repeated, trimmed; empty means absent. */
const single = (v: unknown) => {
  const last = Array.isArray(v) ? v.at(-1) : v;
  if (typeof last !== "string") return last;
  const t = last.trim();
  return t === "" ? undefined : t;
};

export const branchSearchQuerySchema = z.object({
  text: z.preprocess(single, z.string().max(100, vmsg("text.searchTooLong100")).optional()),
  status: z.preprocess(single, z.enum(BRANCH_STATUSES, vmsg("branches.chooseStatus")).default("all")),
  pageNumber: z.preprocess(
    single,
    z
      .string()
      .regex(/^\d{1,6}$/, vmsg("list.pageNumber"))
      .transform(Number)
      .default(0),
  ),
  pageSize: z.preprocess(single, z.enum(BRANCH_PAGE_SIZES, vmsg("list.rows10_25_50")).transform(Number).default(DEFAULT_BRANCH_PAGE_SIZE)),
});

export type BranchSearchQueryInput = z.input<typeof branchSearchQuerySchema>;
export type BranchSearchQuery = z.output<typeof branchSearchQuerySchema>;

/** The gateway's `active` filter for a status choice (undefined: not sent, every branch). */
export function activeFilterOf(status: BranchStatusFilter): boolean | undefined {
  return status === "all" ? undefined : status === "active";
}

/** The query string of a search (defaults left out, so links stay short). */
export function branchSearchHref(q: BranchSearchQuery, overrides: Partial<BranchSearchQuery> = {}): string {
  const v = { ...q, ...overrides };
  const p = new URLSearchParams();
  if (v.text) p.set("text", v.text);
  if (v.status !== "all") p.set("status", v.status);
  if (v.pageSize !== DEFAULT_BRANCH_PAGE_SIZE) p.set("pageSize", String(v.pageSize));
  if (v.pageNumber !== 0) p.set("pageNumber", String(v.pageNumber));
  const qs = p.toString();
  return qs ? `/admin/branches?${qs}` : "/admin/branches";
}

/** One branch as the dashboard shows it and GET /api/admin/branches returns it (contract 2.12). */
export interface BranchView {
  id: string;
  name: string;
  nameAR: string | null;
  businessUnitId: string | null;
  address: string | null;
  cityId: number | null;
  /** The city's name when the gateway's data has one (contract 2.12 gives only `cityId`, so null today). */
  cityName: string | null;
  countryCode: string | null;
  /** The country's name from its ISO code ("682" → "Saudi Arabia"), or null when the code is no known country. */
  countryName: string | null;
  active: boolean;
}

/** One page of branches (contract 2.15); `pageNumber` counts from 0. */
export interface BranchSearchPage {
  items: BranchView[];
  pageNumber: number;
  pageSize: number;
  totalElements: number;
  totalPages: number;
}
