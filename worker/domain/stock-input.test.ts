// The stock calls' bodies: typed cells, each tab's fields, colours and images.
import { describe, expect, it } from "vitest";
import { batchBody, colourBody, imageBody, saveBody } from "./stock-input";

describe("save bodies", () => {
  it("parse typed cells and pad the count columns", () => {
    const parsed = saveBody("war-vault").parse({
      item: " Element ",
      maxcount: "1,400",
      todo: "",
      counts: [350, "350", "", "abc"],
      displayName: "Rex Rider",
      isEmpty: false,
      currentStock: 9999,
      version: 3,
    });
    expect(parsed.fields).toEqual({
      item: "Element",
      maxcount: 1400,
      todo: null,
      counts: [350, 350, null, 0, ...Array(14).fill(null)],
    });
    expect(parsed).toMatchObject({ version: 3, displayName: "Rex Rider" });
    expect(parsed.fields).not.toHaveProperty("currentStock");
  });

  it("refuse too many columns, a blank name, or a body without fields", () => {
    const tooMany = saveBody("admin-vault").safeParse({ counts: Array(13).fill(1) });
    expect(tooMany.success).toBe(false);
    expect(tooMany.error?.issues[0].path).toEqual(["counts"]);
    expect(saveBody("dinos").safeParse({ dino: "  " }).error?.issues[0].path).toEqual(["dino"]);
    expect(saveBody("dedis").safeParse({ displayName: "x" }).success).toBe(false);
    expect(saveBody("dedis").safeParse({ maxStock: true }).error?.issues[0].path).toEqual(["maxStock"]);
  });

  it("a batch refuses the same row twice", () => {
    const id = "a".repeat(24);
    const result = batchBody("dedis").safeParse({
      rows: [
        { _id: id, currentStock: 1 },
        { _id: id, currentStock: 2 },
      ],
    });
    expect(result.error?.issues[0]).toMatchObject({ path: ["rows", 1, "_id"], message: "appears twice" });
  });

  it("colours: #rrggbb only, nested or in the old dotted form", () => {
    expect(colourBody.parse({ "fieldColors.count1": "#FF0000" })).toEqual({ fieldColors: { count1: "#ff0000" } });
    expect(colourBody.parse({ fieldColors: { item: null }, textColor: "#00ff00" })).toEqual({
      fieldColors: { item: null },
      textColor: "#00ff00",
    });
    expect(colourBody.safeParse({ textColor: "red" }).success).toBe(false);
    expect(colourBody.safeParse({ fieldColors: { item: "#fff" } }).success).toBe(false);
    expect(colourBody.safeParse({}).success).toBe(false);
  });

  it("image URLs must be http(s) after the wiki reduction", () => {
    expect(imageBody.parse({ imageUrl: "x https://ark.wiki.gg/images/d/d7/Element.png/revision" })).toEqual({
      imageUrl: "https://ark.wiki.gg/images/d/d7/Element.png",
      updateAllMatching: false,
    });
    expect(imageBody.safeParse({ imageUrl: "javascript:alert(1)" }).success).toBe(false);
    expect(imageBody.safeParse({ imageUrl: "" }).success).toBe(false);
  });
});
