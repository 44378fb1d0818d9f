import { describe, expect, it } from "vitest";
import { CHANGELOG_DATE, CHANGES, descriptionBlocks, formatChangelogDate } from "./changelog";
import { CHANGELOG_VERSION } from "./seen";

describe("the changelog", () => {
  it("is version 1.1.0 of 2025-07-18, with every type and the planned access levels", () => {
    expect(CHANGELOG_VERSION).toBe("1.1.0");
    expect(formatChangelogDate(CHANGELOG_DATE)).toBe("July 18, 2025");
    expect(new Set(CHANGES.map((c) => c.type))).toEqual(new Set(["feature", "improvement", "fix", "breaking"]));
    expect(CHANGES.find((c) => c.planned)?.title).toBe("Add different level access to the tabs");
  });

  it("turns lines starting with * into bullets, grouping consecutive ones", () => {
    expect(descriptionBlocks("Intro\n* one\n*two\nMiddle\n * three\n\n")).toEqual([
      { kind: "p", text: "Intro" },
      { kind: "ul", items: ["one", "two"] },
      { kind: "p", text: "Middle" },
      { kind: "ul", items: ["three"] },
    ]);
  });
});
