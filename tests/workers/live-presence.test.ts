// Who else has a sheet open: the live room passes each browser's place on a sheet to the others who may view it, tells a
// browser that opens a sheet who is already there, and says when someone leaves.
import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_ROLES } from "#worker/discord-standin";
import { browsers, discordOnSelf, GUILD, setLevels, setUp, signedIn, WHO } from "./access-fixtures";
import { listen } from "./helpers";

discordOnSelf();
beforeEach(setUp);

const SHEET = "stock:war-room-vaults";
const at = (row: string, column: string, pendingRows: string[] = []) => ({
  type: "presence",
  sheet: SHEET,
  cell: { row, column },
  editing: false,
  pendingRows,
});

describe("presence on a sheet", () => {
  it("reaches the others on the sheet with the member's name and colour, syncs a newcomer, and says when one leaves", async () => {
    const officer = await listen(browsers.officer);
    const owner = await listen(browsers.owner);
    try {
      officer.send(at("aaaaaaaaaaaaaaaaaaaaaaaa", "count1", ["aaaaaaaaaaaaaaaaaaaaaaaa"]));
      expect(await officer.next("presence-sync")).toEqual({ type: "presence-sync", sheet: SHEET, people: [] });
      const seen = await owner.next("presence");
      expect(seen).toMatchObject({
        sheet: SHEET,
        name: "vaultkeeper",
        cell: { row: "aaaaaaaaaaaaaaaaaaaaaaaa", column: "count1" },
        pendingRows: ["aaaaaaaaaaaaaaaaaaaaaaaa"],
      });
      expect(seen.colour).toMatch(/^#[0-9a-f]{6}$/);

      // The owner opens the same sheet: told the officer is there, and the officer hears of the owner, editing.
      owner.send({ ...at("bbbbbbbbbbbbbbbbbbbbbbbb", "count2"), editing: true });
      const sync = await owner.next("presence-sync");
      expect(sync.people).toEqual([
        expect.objectContaining({
          id: seen.id,
          name: "vaultkeeper",
          cell: { row: "aaaaaaaaaaaaaaaaaaaaaaaa", column: "count1" },
        }),
      ]);
      expect(await officer.next("presence")).toMatchObject({
        name: "Rex Rider",
        editing: true,
        cell: { row: "bbbbbbbbbbbbbbbbbbbbbbbb", column: "count2" },
      });

      // Junk and a sheet that does not exist are ignored; the next real message still arrives, alone.
      officer.send("not json");
      officer.send({ type: "presence", sheet: "codes", cell: null, editing: false, pendingRows: [] });
      officer.send(at("cccccccccccccccccccccccc", "count3"));
      expect(await owner.next("presence")).toMatchObject({
        name: "vaultkeeper",
        cell: { row: "cccccccccccccccccccccccc", column: "count3" },
      });

      officer.close();
      expect(await owner.next("presence")).toMatchObject({ id: seen.id, sheet: null, cell: null });
    } finally {
      owner.close();
    }
  });

  it("is neither sent to nor taken from a member who may not view the sheet's section", async () => {
    // Stock taken from the plain member (the everyone role and the Member role), the breeder list left.
    await setLevels(browsers.owner, GUILD, { breeder: "view" });
    await setLevels(browsers.owner, DEMO_ROLES.member.id, { breeder: "view" });
    const blind = await listen(await signedIn(WHO.member));
    const owner = await listen(browsers.owner);
    try {
      blind.send(at("aaaaaaaaaaaaaaaaaaaaaaaa", "count1"));
      owner.send(at("bbbbbbbbbbbbbbbbbbbbbbbb", "count2"));
      // The owner is told nobody is there (the member's message was dropped), and the member hears nothing.
      expect((await owner.next("presence-sync")).people).toEqual([]);
      owner.send(at("bbbbbbbbbbbbbbbbbbbbbbbb", "count3"));
      await expect(blind.next("presence", 300)).rejects.toThrow(/no presence event/);
      expect(blind.received.filter((m) => String(m.type).startsWith("presence"))).toEqual([]);
    } finally {
      blind.close();
      owner.close();
    }
  });
});
