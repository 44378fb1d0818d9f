import { describe, expect, it } from "vitest";
import { kept } from "./kept";

describe("kept", () => {
  it("renders each distinct input once while it is among the last few, and again after it was dropped", () => {
    const rendered: number[] = [];
    const svg = kept(
      (n: { points: number[] }) => {
        rendered.push(n.points[0]);
        return `<svg>${n.points.join(",")}</svg>`;
      },
      JSON.stringify,
      2,
    );
    expect(svg({ points: [1, 2] })).toBe("<svg>1,2</svg>");
    expect(svg({ points: [1, 2] })).toBe("<svg>1,2</svg>");
    svg({ points: [3] });
    svg({ points: [1, 2] }); // used again: now the most recent
    svg({ points: [4] }); // drops [3], the least recently used
    svg({ points: [1, 2] });
    svg({ points: [3] });
    expect(rendered).toEqual([1, 3, 4, 3]);
  });
});
