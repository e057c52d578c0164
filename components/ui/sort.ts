// Sorting state for table headers: the URL (server-side sorting) and aria-sort both derive from these helpers.
export type SortDirection = "asc" | "desc";

/** The aria-sort value for a header: only the sorted column carries one (WAI-ARIA APG sortable table). */
export function ariaSort(direction: SortDirection | null | undefined): "ascending" | "descending" | undefined {
  if (direction === "asc") return "ascending";
  if (direction === "desc") return "descending";
  return undefined;
}

/**
 * The direction a click on a header should request: an unsorted column starts with `first` (amounts and dates
 * usually want newest/largest first, so callers may pass "desc"); a sorted column flips.
 */
export function nextSortDirection(current: SortDirection | null | undefined, first: SortDirection = "asc"): SortDirection {
  if (current === "asc") return "desc";
  if (current === "desc") return "asc";
  return first;
}

/** Parses an untrusted `?dir=` value; anything else is null (unsorted), never an exception. */
export function parseSortDirection(value: string | null | undefined): SortDirection | null {
  return value === "asc" || value === "desc" ? value : null;
}
