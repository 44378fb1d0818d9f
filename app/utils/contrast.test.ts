// Picked text colours are drawn readable (WCAG AA, 4.5:1) on both themes, and a readable colour is left as it is.
import { describe, expect, it } from "vitest";
import { contrast, parseColour, readable } from "./contrast";

const WHITE = "#ffffff";
const DARK_PANEL = "#1a1b1e";

describe("readable text colours", () => {
  it("reads #rgb, #rrggbb, #rrggbbaa and rgba()", () => {
    expect(parseColour("#fa0")).toEqual([255, 170, 0, 1]);
    expect(parseColour("#e0313180")?.[3]).toBeCloseTo(0.5, 2);
    expect(parseColour("rgba(250, 176, 5, 0.62)")).toEqual([250, 176, 5, 0.62]);
    expect(parseColour("tomato")).toBeNull();
  });

  it("darkens yellow on white and keeps its hue, and leaves a dark red as picked", () => {
    expect(contrast("#fab005", WHITE)).toBeLessThan(2);
    const shown = readable("#fab005", undefined, WHITE);
    expect(contrast(shown, WHITE)).toBeGreaterThanOrEqual(4.5);
    const [r, g, b] = parseColour(shown)!;
    expect(r).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(b);
    expect(readable("#a61e4d", undefined, WHITE)).toBe("#a61e4d");
  });

  it("lightens a dark blue on the dark theme's panel", () => {
    expect(contrast("#1c3d8c", DARK_PANEL)).toBeLessThan(4.5);
    expect(contrast(readable("#1c3d8c", undefined, DARK_PANEL), DARK_PANEL)).toBeGreaterThanOrEqual(4.5);
  });

  it("makes white text on the dark theme's amber pending tint readable", () => {
    const pending = "rgba(250, 176, 5, 0.62)";
    expect(contrast("#ffffff", pending, DARK_PANEL)).toBeLessThan(4.5);
    expect(contrast(readable("#ffffff", pending, DARK_PANEL), pending, DARK_PANEL)).toBeGreaterThanOrEqual(4.5);
  });

  it("makes every stat colour readable on its own tint in both themes", () => {
    for (const colour of ["#e03131", "#868e96", "#2f9e44", "#f08c00"]) {
      for (const [page, tint] of [
        [WHITE, "1a"],
        [DARK_PANEL, "2e"],
      ]) {
        const bg = `${colour}${tint}`;
        expect(contrast(readable(colour, bg, page), bg, page), `${colour} on ${page}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
