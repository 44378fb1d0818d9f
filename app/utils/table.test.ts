import { describe, expect, it } from "vitest";
import { matches, pageFrom, pageSizeFrom, pageWindow, paginate, rowsPerPage, sheetSizeFrom, withParams } from "./table";

const labels = (page: number, count: number) =>
  pageWindow(page, count).map((l) => (l.kind === "ellipsis" ? "…" : l.current ? `[${l.page}]` : String(l.page)));

describe("pagination window", () => {
  it("shows every page when there are 5 or fewer", () => {
    expect(labels(1, 1)).toEqual(["[1]"]);
    expect(labels(3, 5)).toEqual(["1", "2", "[3]", "4", "5"]);
  });

  it("keeps 5 numbers around the current page, with first, last and ellipses", () => {
    expect(labels(1, 20)).toEqual(["[1]", "2", "3", "4", "5", "…", "20"]);
    expect(labels(10, 20)).toEqual(["1", "…", "8", "9", "[10]", "11", "12", "…", "20"]);
    expect(labels(20, 20)).toEqual(["1", "…", "16", "17", "18", "19", "[20]"]);
    expect(labels(4, 20)).toEqual(["1", "2", "3", "[4]", "5", "6", "…", "20"]);
    expect(labels(3, 6)).toEqual(["1", "2", "[3]", "4", "5", "6"]);
  });
});

describe("paging", () => {
  const rows = Array.from({ length: 60 }, (_, i) => i + 1);
  it("slices pages and clamps a page past the end", () => {
    expect(paginate(rows, 1, 25)).toMatchObject({ page: 1, pageCount: 3, from: 1, to: 25, total: 60 });
    expect(paginate(rows, 3, 25).rows).toEqual(rows.slice(50));
    expect(paginate(rows, 9, 25).page).toBe(3);
    expect(paginate([], 1, 25)).toMatchObject({ page: 1, pageCount: 1, from: 0, to: 0 });
  });

  it("reads a page number from a URL as a whole number from 1, whatever was typed", () => {
    expect(pageFrom("3")).toBe(3);
    expect(pageFrom("2.7")).toBe(2);
    for (const typed of [null, undefined, "", "abc", "0", "-2", "NaN"]) expect(pageFrom(typed), String(typed)).toBe(1);
  });

  it("accepts only the page sizes 25, 50 and 100", () => {
    expect(pageSizeFrom("50")).toBe(50);
    expect(pageSizeFrom("7")).toBe(25);
    expect(pageSizeFrom(undefined, 100)).toBe(100);
  });

  it("lets a sheet show its whole self in one page (size=all), and an empty sheet still one page", () => {
    expect(sheetSizeFrom("all", 100)).toBe("all");
    expect(sheetSizeFrom("ALL", 100)).toBe(100);
    expect(sheetSizeFrom("50", 100)).toBe(50);
    const whole = paginate(
      Array.from({ length: 13_000 }, (_, i) => i),
      3,
      rowsPerPage("all", 13_000),
    );
    expect([whole.rows.length, whole.page, whole.pageCount, whole.from, whole.to]).toEqual([13_000, 1, 1, 1, 13_000]);
    expect(paginate([], 1, rowsPerPage("all", 0))).toMatchObject({ rows: [], pageCount: 1, from: 0 });
    expect(rowsPerPage(25, 13_000)).toBe(25);
  });

  it("changing the page size link resets nothing else but what it says", () => {
    expect(withParams("/dashboard/vouches?q=rex&page=3", { size: 50, page: null })).toBe(
      "/dashboard/vouches?q=rex&size=50",
    );
  });

  it("keeps a page's path and query, drops its hash, and never leaves the site", () => {
    expect(withParams("/dashboard/codes?q=a%3Fb&page=2#row-4", { edit: "x y" })).toBe(
      "/dashboard/codes?q=a%3Fb&page=2&edit=x+y",
    );
    expect(withParams("/dashboard/codes?q=what?&tab=", { tab: null })).toBe("/dashboard/codes?q=what%3F");
    expect(withParams(new URL("https://example.org/dashboard/logs?tab=leave"), { page: 3 })).toBe(
      "/dashboard/logs?tab=leave&page=3",
    );
    expect(withParams("//evil.example/steal?x=1", { page: 2 })).toBe("/steal?x=1&page=2");
    expect(withParams("/\\evil.example/steal", {})).toBe("/steal");
  });
});

describe("search", () => {
  it("matches a case-insensitive substring of any listed field", () => {
    const row = { name: "RexRider", id: 42, note: null };
    expect(matches(row, "rexr", ["name"])).toBe(true);
    expect(matches(row, "42", ["name", "id"])).toBe(true);
    expect(matches(row, "nope", ["name", "id", "note"])).toBe(false);
    expect(matches(row, "  ", ["name"])).toBe(true);
  });
});
