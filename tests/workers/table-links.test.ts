// A table's row links (Edit, Delete, Kick, History), worked out once a page by perRow: each must be the link that
// withParams makes for that row, whatever the page's URL or the row's id holds.
import { describe, expect, it } from "vitest";
import { historyHref, perRow, withParams } from "#app/utils/table";

const PAGES = [
  "/dashboard/codes",
  "/dashboard/codes?q=cave&page=2",
  "/dashboard/codes?id=old&confirm=kick&q=x",
  "/dashboard/codes?q=id%3D__row__&xid=__row__", // a search for the stand-in, and a parameter whose name ends in the key
  "/dashboard/codes?edit=abc&id=1&id=2#top", // the key already there, twice, and a hash
];
const IDS = ["k3v9x", "a b&c=d", "__row__", "ü/?#"];

describe("perRow", () => {
  it("answers withParams' link for every row, with the row's id in the key's place", () => {
    for (const page of PAGES) {
      const edit = perRow(page, "edit", { confirm: null, id: null });
      const remove = perRow(page, "id", { confirm: "delete", edit: null });
      for (const id of IDS) {
        expect(edit(id), `${page} ${id}`).toBe(withParams(page, { confirm: null, id: null, edit: id }));
        expect(remove(id), `${page} ${id}`).toBe(withParams(page, { confirm: "delete", edit: null, id }));
        expect(new URL(remove(id), "http://x").searchParams.getAll("id")).toEqual([id]);
      }
    }
  });

  it("makes the Audit page's History links", () => {
    expect(historyHref("stock", "r&1")).toBe("/dashboard/audit?entity=stock&record=r%261");
  });
});
