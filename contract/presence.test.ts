import { describe, expect, it } from "vitest";
import { parsePresence, presenceColour, sectionOfSheet, toPresenceUpdate } from "./presence";

describe("presence messages", () => {
  it("keep a sheet, a cell, editing and the pending rows, and refuse what is not a sheet", () => {
    const update = {
      type: "presence",
      sheet: "stock:war-room-vaults",
      cell: { row: "a1", column: "count1" },
      editing: true,
      pendingRows: ["a1", 5, "b2"],
    };
    expect(toPresenceUpdate(update)).toEqual({ ...update, pendingRows: ["a1", "b2"] });
    expect(toPresenceUpdate({ type: "presence", sheet: null })).toEqual({
      type: "presence",
      sheet: null,
      cell: null,
      editing: false,
      pendingRows: [],
    });
    expect(toPresenceUpdate({ ...update, sheet: "codes" })).toBeNull();
    expect(toPresenceUpdate({ ...update, cell: { row: "a b", column: "x" } })).toBeNull();
    expect(toPresenceUpdate({ ...update, type: "codes_update" })).toBeNull();
    expect(
      toPresenceUpdate({ ...update, pendingRows: Array.from({ length: 500 }, (_, i) => `r${i}`) })!.pendingRows,
    ).toHaveLength(200);
  });

  it("read the room's messages, and leave events to the events' parser", () => {
    const person = {
      type: "presence",
      id: "c1",
      name: "vaultkeeper",
      colour: "#1864ab",
      sheet: "breeder-list",
      cell: null,
      editing: false,
      pendingRows: [],
    };
    expect(parsePresence(JSON.stringify(person))).toEqual(person);
    expect(
      parsePresence(JSON.stringify({ type: "presence-sync", sheet: "breeder-list", people: [person, { junk: 1 }] })),
    ).toEqual({
      type: "presence-sync",
      sheet: "breeder-list",
      people: [person],
    });
    expect(parsePresence(JSON.stringify({ type: "codes_update" }))).toBeNull();
    expect(parsePresence("{presence")).toBeNull();
  });

  it("give each sheet its section, and each member one colour", () => {
    expect(sectionOfSheet("stock:war-room-vaults")).toBe("stock");
    expect(sectionOfSheet("breeder-list")).toBe("breeder");
    expect(presenceColour("300000000000000003")).toBe(presenceColour("300000000000000003"));
    expect(presenceColour("300000000000000003")).toMatch(/^#[0-9a-f]{6}$/);
  });
});
