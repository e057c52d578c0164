// Rules guarded (keyset paging shared by the transactions list and the audit log): walking "Next" then "Previous"
// never repeats or skips a row; the first page has no "Previous" and the last no "Next"; going back to the start
// shows a full first page even when rows arrived meanwhile; a page costs one read (two only when back at the start).
import { describe, expect, it } from "vitest";
import { readKeysetPage, type KeysetStart } from "./keyset-page";

type Cursor = KeysetStart<number>;

/** A list of ids in ascending order, read the way the services' queries read theirs. */
function list(ids: number[]) {
  const reads: Array<{ after: number | null; backwards: boolean; limit: number }> = [];
  const fetch = async (after: number | null, backwards: boolean, limit: number) => {
    reads.push({ after, backwards, limit });
    if (!backwards) return ids.filter((id) => after === null || id > after).slice(0, limit);
    return ids
      .filter((id) => after === null || id < after)
      .reverse()
      .slice(0, limit)
      .reverse();
  };
  const cursors = new Map<string, Cursor>();
  const cursorOf = (row: number, d: "next" | "prev") => {
    const text = `${d}:${row}`;
    cursors.set(text, { after: row, backwards: d === "prev" });
    return text;
  };
  const page = (cursor: string | null, size = 3) =>
    readKeysetPage({ start: cursor === null ? null : cursors.get(cursor)!, size, fetch, cursorOf });
  return { page, reads, ids };
}

describe("readKeysetPage", () => {
  it("walks forwards to the end and back to the start without repeating or skipping a row", async () => {
    const l = list([1, 2, 3, 4, 5, 6, 7, 8]);
    const seen: number[][] = [];
    let page = await l.page(null);
    expect(page.prevCursor).toBeNull();
    seen.push(page.rows);
    while (page.nextCursor) {
      page = await l.page(page.nextCursor);
      expect(page.prevCursor).not.toBeNull();
      seen.push(page.rows);
    }
    expect(seen).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8],
    ]);

    const back1 = await l.page(page.prevCursor);
    expect(back1.rows).toEqual([4, 5, 6]);
    expect(back1.nextCursor).not.toBeNull();
    const back2 = await l.page(back1.prevCursor);
    expect(back2.rows).toEqual([1, 2, 3]);
    expect(back2.prevCursor).toBeNull();
    expect(back2.nextCursor).not.toBeNull();
  });

  it("shows a full first page when going back reaches the start, even after rows arrived at the top", async () => {
    const l = list([3, 4, 5, 6, 7, 8, 9]);
    const first = await l.page(null);
    const second = await l.page(first.nextCursor);
    expect(second.rows).toEqual([6, 7, 8]);
    l.ids.unshift(1, 2); // newer rows arrive before the first page
    const back = await l.page(second.prevCursor);
    expect(back.rows).toEqual([3, 4, 5]);
    expect(back.prevCursor).not.toBeNull(); // there is now something before it
    const top = await l.page(back.prevCursor);
    expect(top.rows).toEqual([1, 2, 3]);
    expect(top.prevCursor).toBeNull();
  });

  it("reads size + 1 rows once per page, and twice only when a short backwards read falls back to the first page", async () => {
    const l = list([1, 2, 3, 4, 5]);
    const first = await l.page(null);
    const second = await l.page(first.nextCursor);
    expect(l.reads).toEqual([
      { after: null, backwards: false, limit: 4 },
      { after: 3, backwards: false, limit: 4 },
    ]);
    l.reads.length = 0;
    const back = await l.page(second.prevCursor);
    expect(back.rows).toEqual([1, 2, 3]);
    expect(l.reads).toEqual([
      { after: 4, backwards: true, limit: 4 },
      { after: null, backwards: false, limit: 4 },
    ]);
  });

  it("has neither neighbour for a list that fits one page, and none for an empty one", async () => {
    expect(await list([1, 2]).page(null)).toEqual({ rows: [1, 2], nextCursor: null, prevCursor: null });
    expect(await list([]).page(null)).toEqual({ rows: [], nextCursor: null, prevCursor: null });
  });
});
