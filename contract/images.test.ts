// A pasted image value reduced to the wiki link the sheets keep.
import { describe, expect, it } from "vitest";
import { reduceImageUrl } from "./images";

describe("reduceImageUrl", () => {
  it("cuts a pasted wiki value down to its png link", () => {
    expect(
      reduceImageUrl(
        '<img src="https://static.wikia.nocookie.net/arksurvivalevolved_gamepedia/images/d/d7/Element.png/revision/latest?cb=2018" alt="">',
      ),
    ).toBe("https://static.wikia.nocookie.net/arksurvivalevolved_gamepedia/images/d/d7/Element.png");
    expect(reduceImageUrl("see https://ark.wiki.gg/images/d/d7/Element.png?abc123 here")).toBe(
      "https://ark.wiki.gg/images/d/d7/Element.png",
    );
  });
  it("turns a wiki thumbnail into the original image", () => {
    expect(reduceImageUrl("https://ark.wiki.gg/images/thumb/a/ab/Tek_Rifle.png/120px-Tek_Rifle.png")).toBe(
      "https://ark.wiki.gg/images/a/ab/Tek_Rifle.png",
    );
  });
  it("leaves other links alone, only trimmed", () => {
    expect(reduceImageUrl("  https://cdn.example.com/element.png?x=1 ")).toBe(
      "https://cdn.example.com/element.png?x=1",
    );
    expect(reduceImageUrl("https://ark.wiki.gg/images/Element.jpg")).toBe("https://ark.wiki.gg/images/Element.jpg");
    expect(reduceImageUrl("not a url")).toBe("not a url");
  });
});
