// No lost edits on codes and tribelist entries: racing and stale saves answered 409 with the newer values, and old
// clients' saves (no version) applied one after another.
import { describe, expect, it } from "vitest";
import { Browser, MEMBER } from "./helpers";
import { withCommunityTables, send, audits, hex, seedCodes, seedEntries, stored } from "./api-community-fixtures";

withCommunityTables();

describe("no lost edits on codes and tribelist entries", () => {
  const cases = [
    {
      what: "a code",
      seed: () => seedCodes([1]),
      list: "/api/codes",
      one: (id: unknown) => `/api/codes/${id}`,
      edits: [{ code: "AAA" }, { location: "Lava cave" }],
    },
    {
      what: "a tribelist entry",
      seed: () => seedEntries("2573", [["Bravo", 2]]),
      list: "/api/tribelist-2573",
      one: (id: unknown) => `/api/tribelist-2573/${id}`,
      edits: [
        { name: "Bravo", rank: "Owner" },
        { name: "Bravo", nationality: "English" },
      ],
    },
  ];

  for (const c of cases) {
    it(`refuses a save of ${c.what} based on an older version with 409 and the newer values, changing nothing`, async () => {
      await c.seed();
      const browser = new Browser();
      await browser.signIn(MEMBER);
      const [read] = await (await browser.fetch(c.list)).json<Record<string, unknown>[]>();
      expect(read.version).toBe(1);
      // Two people saved the whole record as they read it, each with one field changed.
      const first = await browser.fetch(c.one(read._id), send("PUT", { ...read, ...c.edits[0] }));
      expect(first.status).toBe(200);
      expect(await first.json()).toMatchObject({ ...c.edits[0], version: 2 });
      const second = await browser.fetch(c.one(read._id), send("PUT", { ...read, ...c.edits[1] }));
      expect(second.status).toBe(409);
      const body = await second.json<{ error: string; message: string; current: Record<string, unknown> }>();
      expect(body.error).toBe("conflict");
      expect(body.message).toMatch(/changed since version 1; it is now at version 2/);
      expect(body.current).toMatchObject({ ...c.edits[0], version: 2 });
      const [now] = await (await browser.fetch(c.list)).json<Record<string, unknown>[]>();
      expect(now).toEqual(body.current);
      // Sent again on the newer version, both edits are kept.
      const again = await browser.fetch(c.one(read._id), send("PUT", { ...body.current, ...c.edits[1] }));
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({ ...c.edits[0], ...c.edits[1], version: 3 });
      expect((await audits(c.what === "a code" ? "code" : "tribelist_entry")).results).toHaveLength(2);
    });

    it(`lets one of several racing saves of ${c.what} on the same version win and answers the rest 409, never 500`, async () => {
      await c.seed();
      const browser = new Browser();
      await browser.signIn(MEMBER);
      const [read] = await (await browser.fetch(c.list)).json<Record<string, unknown>[]>();
      const saves = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          browser.fetch(c.one(read._id), send("PUT", { ...read, ...c.edits[i % 2] })),
        ),
      );
      const statuses = saves.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
      const [now] = await (await browser.fetch(c.list)).json<Record<string, unknown>[]>();
      expect(now.version).toBe(2);
    });

    it(`applies racing saves of ${c.what} from old clients (no version) one after another, each on the row as it then is`, async () => {
      await c.seed();
      const browser = new Browser();
      await browser.signIn(MEMBER);
      const [read] = await (await browser.fetch(c.list)).json<Record<string, unknown>[]>();
      const saves = await Promise.all(c.edits.map((edit) => browser.fetch(c.one(read._id), send("PUT", edit))));
      expect(saves.map((r) => r.status)).toEqual([200, 200]);
      const [now] = await (await browser.fetch(c.list)).json<Record<string, unknown>[]>();
      expect(now).toMatchObject({ ...c.edits[0], ...c.edits[1], version: 3 });
    });
  }

  it("refuses a version that is not a whole number with 400", async () => {
    await seedCodes([1]);
    const browser = new Browser();
    await browser.signIn(MEMBER);
    for (const version of [0, 1.5, "one", -1]) {
      const res = await browser.fetch(`/api/codes/${hex(1)}`, send("PUT", { code: "X", version }));
      expect(res.status, String(version)).toBe(400);
      expect(await res.json()).toMatchObject({ error: "validation", field: "version" });
    }
    const entry = await browser.fetch("/api/tribelist", send("POST", { name: "A" }));
    const { _id } = await entry.json<{ _id: string }>();
    expect((await browser.fetch(`/api/tribelist/${_id}`, send("PUT", { name: "B", version: "x" }))).status).toBe(400);
    expect(await stored()).toMatchObject({ code: "1001", version: 1 });
  });
});
