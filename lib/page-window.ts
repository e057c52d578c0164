// Which page numbers a numbered pager shows: the first, the last, and the current one with its neighbours; a gap
// (null) where pages are skipped. Numbers are the gateway's, from 0. Browser-safe.
export function pageWindow(current: number, totalPages: number, neighbours = 1): Array<number | null> {
  if (totalPages <= 0) return [];
  const keep = new Set<number>([0, totalPages - 1]);
  for (let p = current - neighbours; p <= current + neighbours; p++) if (p >= 0 && p < totalPages) keep.add(p);
  const sorted = [...keep].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev === 2)
      out.push(prev + 1); // a gap of one page: show it rather than "…"
    else if (prev !== undefined && p - prev > 2) out.push(null);
    out.push(p);
  });
  return out;
}
