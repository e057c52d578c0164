// The charts' geometry (d3-scale / d3-shape on the server). Rules guarded: every column and point stays inside the
// 100×100 plot (nothing drawn off the chart, whatever the values); the tallest column reaches the axis top; an
// empty or all-zero period draws flat columns, not NaN; a day without attempts is a gap in the approval line, not
// a fall to 0%; axis labels are few enough to be read on a phone.
import { describe, expect, it } from "vitest";
import { barLengths, columnChart, labelledSlots, rateChart, slotLabel, slotLongLabel } from "./chart-geometry";

const days = (n: number) => Array.from({ length: n }, (_, i) => `2026-11-${String(i + 1).padStart(2, "0")}`);

describe("columnChart", () => {
  it("places one column per slot inside the plot, heights proportional to the values on a nice axis", () => {
    const c = columnChart(days(3).map((key, i) => ({ key, value: [1_000, 0, 4_300][i]! })));
    expect(c.max).toBe(5_000);
    expect(c.columns.map((x) => x.height)).toEqual([20, 0, 86]);
    for (const col of c.columns) {
      expect(col.x).toBeGreaterThanOrEqual(0);
      expect(col.x + col.width).toBeLessThanOrEqual(100);
      expect(col.y + col.height).toBeCloseTo(100);
    }
    // Columns in order, not overlapping.
    expect(c.columns[0]!.x + c.columns[0]!.width).toBeLessThan(c.columns[1]!.x);
    expect(c.ticks.at(0)).toEqual({ value: 0, y: 100 });
    expect(c.ticks.at(-1)).toEqual({ value: 5_000, y: 0 });
  });

  it("draws an all-zero or empty period as flat columns with a 0–1 axis (no NaN)", () => {
    const flat = columnChart(days(30).map((key) => ({ key, value: 0 })));
    expect(flat.columns.every((c) => c.height === 0 && Number.isFinite(c.x))).toBe(true);
    expect(flat.max).toBe(1);
    expect(columnChart([]).columns).toEqual([]);
  });

  it("keeps 24 hourly columns apart at 390 px (each at least 2.5% wide)", () => {
    const c = columnChart(Array.from({ length: 24 }, (_, h) => ({ key: `2026-11-24T${String(h).padStart(2, "0")}`, value: h })));
    expect(c.columns).toHaveLength(24);
    expect(c.columns[0]!.width).toBeGreaterThan(2.5);
  });
});

describe("rateChart", () => {
  it("puts 100% at the top and 0% at the bottom, and breaks the line where nothing was attempted", () => {
    const r = rateChart([
      { key: "a", rate: 1 },
      { key: "b", rate: 0.5 },
      { key: "c", rate: null },
      { key: "d", rate: 0 },
    ]);
    expect(r.points.map((p) => p.y)).toEqual([0, 50, null, 100]);
    // Two segments: a, b then d alone (a move, no line through the gap).
    expect(r.path.match(/M/g)).toHaveLength(2);
    expect(r.path).not.toContain("NaN");
    expect(r.ticks.map((t) => t.y)).toEqual([100, 50, 0]);
  });

  it("clamps a rate outside 0…1 into the plot", () => {
    expect(rateChart([{ key: "a", rate: 1.2 }]).points[0]!.y).toBe(0);
  });
});

describe("bars, labels", () => {
  it("gives breakdown bars their share of the longest, and zeros when all are zero", () => {
    expect(barLengths([400, 100, 0])).toEqual([100, 25, 0]);
    expect(barLengths([0, 0])).toEqual([0, 0]);
    expect(barLengths([])).toEqual([]);
  });

  it("labels at most six slots, the first always", () => {
    expect(labelledSlots(30)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(labelledSlots(24)).toEqual([0, 4, 8, 12, 16, 20]);
    expect(labelledSlots(7)).toEqual([0, 2, 4, 6]);
    expect(labelledSlots(1)).toEqual([0]);
    expect(labelledSlots(0)).toEqual([]);
  });

  it("names days and hours in short and in full", () => {
    expect(slotLabel("2026-11-04")).toBe("4 Nov");
    expect(slotLabel("2026-11-24T09")).toBe("09:00");
    expect(slotLongLabel("2026-11-24")).toBe("24 Nov 2026");
    expect(slotLongLabel("2026-11-24T23")).toBe("24 Nov 2026 23:00–00:00");
  });
});

// Rule guarded (issue #15): in Arabic time runs right to left, as an Arabic reader reads a timeline: the first day
// is the rightmost column and point, the last the leftmost, each the mirror image of its English place; values
// (heights, the rate line's y) do not change.
describe("time axis direction", () => {
  const points = days(7).map((key, i) => ({ key, value: (i + 1) * 100 }));

  it("keeps English left to right: the first day at the left", () => {
    const c = columnChart(points, "ltr");
    expect(c.columns[0]!.x).toBeLessThan(c.columns[6]!.x);
  });

  it("lays Arabic out right to left, the mirror image of English", () => {
    const ltr = columnChart(points, "ltr");
    const rtl = columnChart(points, "rtl");
    expect(rtl.columns[0]!.x).toBeGreaterThan(rtl.columns[6]!.x);
    rtl.columns.forEach((c, i) => {
      expect(c.x).toBeCloseTo(100 - ltr.columns[i]!.x - ltr.columns[i]!.width, 1);
      expect(c.height).toBe(ltr.columns[i]!.height);
      expect(c.x).toBeGreaterThanOrEqual(0);
      expect(c.x + c.width).toBeLessThanOrEqual(100);
    });
    const rates = days(3).map((key, i) => ({ key, rate: [0.5, null, 1][i]! }));
    const lr = rateChart(rates, "ltr");
    const rr = rateChart(rates, "rtl");
    expect(rr.points[0]!.x).toBeGreaterThan(rr.points[2]!.x);
    rr.points.forEach((p, i) => {
      expect(p.x).toBeCloseTo(100 - lr.points[i]!.x, 1);
      expect(p.y).toBe(lr.points[i]!.y);
    });
  });

  it("names days and hours in Arabic with the reader's digits", () => {
    expect(slotLabel("2026-11-24", "ar-SA-u-ca-gregory-nu-latn")).toBe("24 نوفمبر");
    expect(slotLabel("2026-11-24T09", "ar-SA-u-ca-gregory-nu-arab")).toBe("٠٩:٠٠");
    expect(slotLongLabel("2026-11-24", "ar-SA-u-ca-gregory-nu-latn")).toBe("24 نوفمبر 2026");
  });
});
