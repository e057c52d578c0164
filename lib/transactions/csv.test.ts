// Rules guarded: exported CSV is well-formed whatever the data holds (commas, quotes, line breaks, Arabic), and
// no cell can run as a spreadsheet formula (CSV injection: = + - @ tab CR get a leading apostrophe).
import { describe, expect, it } from "vitest";
import { csvCell, csvRow } from "./csv";

describe("CSV", () => {
  it("quotes cells holding commas, quotes or line breaks, doubling the quotes", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("cr\rhere")).toBe('"cr\rhere"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell("فرع الرياض")).toBe("فرع الرياض");
  });

  it("neutralises formula injection: a leading = + - @ tab or CR gets an apostrophe", () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvCell("+1+1")).toBe("'+1+1");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1")).toBe("'\t=1");
    expect(csvCell("\r=1")).toBe('"\'\r=1"');
    expect(csvCell("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0");
    // Not at the start: left alone.
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("ends rows with CRLF (RFC 4180)", () => {
    expect(csvRow(["a", 1, null, "x,y"])).toBe('a,1,,"x,y"\r\n');
  });
});
