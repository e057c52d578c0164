// One keyset page of a list, forwards ("Next") or backwards ("Previous"), and its neighbours' cursors: the paging
// rules the transactions list and the audit log share. No `import "server-only"`: the ledger benchmark runs it.

/** Where a page starts: past this row's key, scanning forwards or backwards. */
export interface KeysetStart<Key> {
  after: Key;
  backwards: boolean;
}

export interface KeysetPage<Row> {
  rows: Row[];
  nextCursor: string | null;
  prevCursor: string | null;
}

export interface KeysetPageSpec<Row, Key> {
  /** The decoded cursor, or null for the first page. */
  start: KeysetStart<Key> | null;
  size: number;
  /**
   * Up to `limit` rows strictly past `after` (null: from the first row) in the list's order; when `backwards`, the
   * rows before it, still returned in the list's order (so the one read beyond the page comes first).
   */
  fetch: (after: Key | null, backwards: boolean, limit: number) => Promise<Row[]>;
  /** The cursor of the page after (`next`, from the last row shown) or before (`prev`, from the first). */
  cursorOf: (row: Row, direction: "next" | "prev") => string;
}

export async function readKeysetPage<Row, Key>({ start, size, fetch, cursorOf }: KeysetPageSpec<Row, Key>): Promise<KeysetPage<Row>> {
  const backwards = start?.backwards ?? false;
  const fetched = await fetch(start?.after ?? null, backwards, size + 1);
  let rows: Row[];
  let hasNext: boolean;
  let hasPrev: boolean;
  if (!backwards) {
    rows = fetched.slice(0, size);
    hasNext = fetched.length > size;
    hasPrev = start !== null;
  } else if (fetched.length > size) {
    // The extra row read beyond the page comes first: it says an earlier page exists.
    rows = fetched.slice(1);
    hasPrev = true;
    hasNext = true;
  } else {
    // Back at the start: show a full first page (rows may have arrived since) rather than a short one.
    const first = await fetch(null, false, size + 1);
    rows = first.slice(0, size);
    hasNext = first.length > size;
    hasPrev = false;
  }
  const last = rows.at(-1);
  const firstRow = rows[0];
  return {
    rows,
    nextCursor: hasNext && last !== undefined ? cursorOf(last, "next") : null,
    prevCursor: hasPrev && firstRow !== undefined ? cursorOf(firstRow, "prev") : null,
  };
}
