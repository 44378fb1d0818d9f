// The CSV rules a spreadsheet relies on: quoting, CRLF lines, and formulas neutralised.
import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv";

describe("a CSV cell", () => {
  it("is written as it is when plain, and empty for no value", () => {
    expect(csvCell("rexhunter")).toBe("rexhunter");
    expect(csvCell(42)).toBe("42");
    expect(csvCell(-3.5)).toBe("-3.5");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(Number.NaN)).toBe("");
    expect(csvCell(true)).toBe("Yes");
  });

  it("is quoted when it holds a comma, a quote or a line break, its quotes doubled", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
  });

  it("neutralises text a spreadsheet would run as a formula with a leading apostrophe", () => {
    for (const formula of ["=1+1", "+1", "-2", "@SUM(A1)", "\tx"])
      expect(csvCell(formula), formula).toBe(`'${formula}`);
    expect(csvCell("\r=1")).toBe(`"'\r=1"`);
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
    );
    // Only a cell's start counts.
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("ends a line with CRLF", () => {
    expect(csvLine(["ID", "Name, full", null])).toBe('ID,"Name, full",\r\n');
  });
});
